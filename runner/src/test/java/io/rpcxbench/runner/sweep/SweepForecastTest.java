package io.rpcxbench.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.runner.calibrate.ThisBoxCalibration;
import io.rpcxbench.stats.Calibration;
import io.rpcxbench.stats.Num;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Before a sweep of trials starts it says what its trials can tell here: too few for compare, and
 * what a comparison with another sweep recorded apart detects, with the interleaved design beside
 * it when that is too wide.
 */
class SweepForecastTest {
  private static final PlanSize SIZE = new PlanSize(12, 0, 192_000, 0, 12, 7_200_000);

  @Test
  void threeTrialsSayCompareNeedsFourAndNoCalibrationSaysItIsNotKnown() {
    List<String> lines = SweepForecast.lines(3, SIZE, Optional.empty());
    assertThat(lines.get(0)).isEqualTo("trials: 3 sweeps: " + SIZE.describe());
    assertThat(lines.get(1))
        .isEqualTo(
            "note: --trials 3: compare tests a sweep against another from 4 trials a side (fewer:"
                + " \"n too small\"); --trials 4 at least");
    assertThat(lines.get(2))
        .isEqualTo(
            "this machine has no calibration (rpcx-bench calibrate): how small a change 3 trials"
                + " tell here is not known before the run");
  }

  @Test
  void aCalibratedMachineSaysWhatTwoSweepsApartDetectAndWhatRoundsWould() {
    Calibration c = ThisBoxCalibration.read();
    List<String> lines = SweepForecast.lines(6, SIZE, Optional.of(c));
    assertThat(lines).hasSize(4);
    double p99Apart = c.metric("p99").detectableApart(6);
    assertThat(p99Apart).isGreaterThan(SweepForecast.WIDE_PERCENT);
    assertThat(lines.get(1))
        .startsWith(
            "this machine's calibration (rpcx/t8-r2000, 2026-11-28T03:55Z): against another sweep"
                + " recorded apart (compare A B), 6 trials a side detect throughput +-")
        .contains("p99 +-" + Num.fixed(p99Apart, 1) + " %");
    assertThat(lines.get(2))
        .isEqualTo(
            "p99: wider than 50 %: a smaller change there cannot be told from two sweeps recorded"
                + " apart here");
    // interleaved rounds only where they detect less: the invocations' drift is what they cancel
    double p50 = c.metric("p50").detectable().percent(6);
    assertThat(p50).isLessThan(c.metric("p50").detectableApart(6) - 1);
    assertThat(lines.get(3))
        .startsWith("interleaved in rounds (compare --variants, or --base-jar/--new-jar), 6 rounds")
        .contains("p50 +-" + Num.fixed(p50, 1) + " %")
        .endsWith(": the drift between invocations cancels");
  }
}
