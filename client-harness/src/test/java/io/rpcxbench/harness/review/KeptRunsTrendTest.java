package io.rpcxbench.harness.review;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Kept runs that still trend: synthetic runs of known throughput, order 0 always dropped. */
class KeptRunsTrendTest {
  @Test
  void aRiseOverTheKeptRunsIsATrend() {
    KeptRunsTrend t = trend(5000, 100, 110, 118, 125, 131, 134, 136, 137, 138).orElseThrow();

    assertThat(t.rising()).isTrue();
    assertThat(t.provenance()).isEqualTo("rising +38.0 %");
    assertThat(t.warning("rpcx", "none"))
        .isEqualTo(
            "warning: rpcx's kept runs still rise (+38 % from run 1 to run 9): it had not reached"
                + " steady state; use --warmup-mode steady or more runs");
  }

  @Test
  void oneSmallReversalDoesNotHideARamp() {
    assertThat(trend(10, 100, 112, 109, 120, 127, 131, 135, 139, 140)).isPresent();
  }

  @Test
  void aFallIsATrendToo() {
    KeptRunsTrend t = trend(10, 200, 190, 180, 176, 170).orElseThrow();

    assertThat(t.rising()).isFalse();
    assertThat(t.provenance()).isEqualTo("falling -15.0 %");
    assertThat(t.warning("grpc", "steady"))
        .isEqualTo(
            "warning: grpc's kept runs still fall (-15 % from run 1 to run 5): it had not reached"
                + " steady state; use a longer --warmup-max, a smaller --warmup-tolerance or more"
                + " runs");
  }

  @Test
  void aSmallOrderedDriftOrNoiseIsNoTrend() {
    assertThat(trend(10, 100, 101, 102, 103, 104, 105, 106, 107, 108)).isEmpty();
    assertThat(trend(10, 100, 130, 95, 128, 99, 131, 102, 97, 133)).isEmpty();
    assertThat(trend(10, 100, 100, 100, 100, 100)).isEmpty();
  }

  @Test
  void fewerThanFourKeptRunsSayNothing() {
    assertThat(trend(10, 100, 150, 200)).isEmpty();
    assertThat(trend(10, 100, 150, 200, 250)).isPresent();
  }

  @Test
  void orderZeroIsNotAKeptRun() {
    // a cold order 0 far below the others is the paper's start-up, not a trend
    assertThat(trend(10, 300, 301, 299, 300, 302, 300)).isEmpty();
  }

  /** A file's contents with runs of these calls/s, orders 0, 1, ... */
  static RawContents contents(double... throughput) {
    List<RunRow> rows = new ArrayList<>();
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    h.recordValue(1_000_000);
    for (int order = 0; order < throughput.length; order++) {
      long calls = 1000;
      rows.add(RunRow.measured(1, 10, 100, order, calls * 1000.0 / throughput[order], calls, 0, h));
    }
    return new RawContents(
        Map.of("status", "complete"), RawResultFile.COLUMNS, rows, List.of(), true);
  }

  private static java.util.Optional<KeptRunsTrend> trend(double... throughput) {
    return KeptRunsTrend.of(KeptRuns.of(contents(throughput)));
  }
}
