package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The one statistics engine: each estimator's figure, interval and name. */
class EstimateTest {

  @Test
  void aMeanHasItsStudentTIntervalCutAtZeroForRates() {
    Estimate e = Estimate.mean("calls/s", List.of(10.0, 12.0, 14.0), "rounds 1..3");
    // mean 12, s 2, t(2) 4.3027: 12 +- 4.3027 x 2 / sqrt(3)
    assertThat(e.value()).isEqualTo(12.0);
    assertThat(e.high() - e.value()).isCloseTo(4.3027 * 2 / Math.sqrt(3), within(1e-4));
    assertThat(e.estimator()).isEqualTo("calls/s: mean of rounds 1..3, 95 % t interval");
    Estimate wide = Estimate.mean("calls/s", List.of(100.0, 2000.0), "rounds 1..2");
    assertThat(wide.low()).isZero();
    Estimate one = Estimate.mean("calls/s", List.of(5.0), "round 1");
    assertThat(one.hasInterval()).isFalse();
    assertThat(one.estimator()).isEqualTo("calls/s: mean of round 1");
    assertThat(one.text(1, 1)).isEqualTo("5.0");
  }

  @Test
  void aPercentileIsTheMergedHistogramsWithABootstrapIntervalThatIsTheSameEveryTime() {
    List<Histogram> runs = List.of(run(100_000), run(200_000), run(300_000), run(400_000));
    Estimate p50 = Estimate.percentile(50, runs, "runs 1..4", "runs");
    // 4 x 100 calls at 100, 200, 300, 400 µs: the merged p50 is 200 µs (the 200th value)
    assertThat(p50.value() / 1000).isCloseTo(200.0, within(0.2));
    assertThat(p50.low()).isLessThanOrEqualTo(p50.value());
    assertThat(p50.high()).isGreaterThanOrEqualTo(p50.value());
    assertThat(p50.low()).isLessThan(p50.high());
    assertThat(p50.estimator())
        .isEqualTo("p50 of the merged histogram of runs 1..4, 95 % bootstrap interval over runs");
    assertThat(Estimate.percentile(50, runs, "runs 1..4", "runs")).isEqualTo(p50);
    assertThat(Estimate.percentile(99.9, runs, "runs 1..4", "runs").estimator())
        .startsWith("p99.9 ");
  }

  @Test
  void theMethodIsTheEstimatorWithoutTheStatisticsName() {
    assertThat(Estimate.mean("calls/s", List.of(1.0, 2.0), "runs 1..2").method())
        .isEqualTo("mean of runs 1..2, 95 % t interval");
    assertThat(Estimate.percentile(99, List.of(run(1000), run(2000)), "runs 1..2", "runs").method())
        .isEqualTo("of the merged histogram of runs 1..2, 95 % bootstrap interval over runs");
    assertThat(Estimate.percentile(99.9, List.of(run(1000)), "run 1", "runs").method())
        .isEqualTo("of the merged histogram of run 1");
  }

  @Test
  void orderNumbersReadAsARangeWhenTheyFollowEachOther() {
    assertThat(Estimate.runs(List.of(3, 1, 2))).isEqualTo("runs 1..3");
    assertThat(Estimate.runs(List.of(1, 3))).isEqualTo("runs 1, 3");
    assertThat(Estimate.rounds(List.of(2))).isEqualTo("round 2");
    assertThat(Estimate.runs(List.of())).isEqualTo("no runs");
  }

  private static Histogram run(long nanos) {
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    h.recordValueWithCount(nanos, 100);
    return h;
  }
}
