package io.rpcxbench.report.clean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcxbench.raw.Histograms;
import io.rpcxbench.report.db.StoredRun;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Where a point's percentiles come from: merged histograms, else averaged percentiles, else none.
 */
class LatencyTest {

  @Test
  void runsWithHistogramsGiveThePercentilesOfAllTheirCalls() {
    // 100 calls of 100 µs and 100 of 300 µs: the merged p99 is 300 µs, not the mean of the two p99s
    Latency l = Latency.of(List.of(run(100_000, 100.0), run(300_000, 300.0)));
    assertThat(l.from()).isEqualTo(Latency.FROM_HISTOGRAM);
    assertThat(l.p50Us()).isCloseTo(100, within(0.5));
    assertThat(l.p99Us()).isCloseTo(300, within(0.5));
    assertThat(l.maxUs()).isCloseTo(300, within(0.5));
  }

  @Test
  void aRunWithCallsButNoHistogramMakesThemTheMeansOfTheRunsPercentiles() {
    Latency l = Latency.of(List.of(run(100_000, 100.0), bare(300.0)));
    assertThat(l.from()).isEqualTo(Latency.FROM_AVERAGE);
    assertThat(l.p50Us()).isEqualTo(200.0);
    assertThat(l.p99Us()).isEqualTo(200.0);
  }

  @Test
  void runsWithoutPercentilesHaveNone() {
    assertThat(Latency.of(List.of(bare(null)))).isEqualTo(Latency.NONE);
    assertThat(Latency.of(List.of())).isEqualTo(Latency.NONE);
  }

  /** A run of 100 calls of {@code nanos} with its histogram; every percentile {@code us}. */
  private static StoredRun run(long nanos, double us) {
    Histogram h = new Histogram(1_000, 3_600_000_000_000L, 3);
    h.recordValueWithCount(nanos, 100);
    return new StoredRun(
        1,
        1,
        100,
        1,
        10,
        10_000,
        100L,
        0L,
        null,
        us,
        us,
        us,
        us,
        us,
        Histograms.encode(h),
        null,
        null,
        null,
        null);
  }

  /** A v1 run: 100 calls, no histogram, every percentile {@code us}. */
  private static StoredRun bare(Double us) {
    return new StoredRun(
        1, 1, 100, 1, 10, 10_000, 100L, 0L, null, us, us, us, us, us, null, null, null, null, null);
  }
}
