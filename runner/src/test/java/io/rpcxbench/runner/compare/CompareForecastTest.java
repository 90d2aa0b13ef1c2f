package io.rpcxbench.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.config.WarmupPlan;
import io.rpcxbench.runner.calibrate.ThisBoxCalibration;
import io.rpcxbench.runner.point.RunTls;
import io.rpcxbench.stats.Calibration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Before a comparison of two builds starts it says what it can tell here: its trials and their
 * time, and from the machine's calibration what its rounds detect, and of a gate finer than that,
 * to expect INCONCLUSIVE and how many rounds would tell.
 */
class CompareForecastTest {
  @TempDir Path out;

  @Test
  void aGateFinerThanTheRoundsTellSaysToExpectInconclusiveAndTheRoundsThatWould() throws Exception {
    Calibration c = ThisBoxCalibration.read();
    List<String> lines =
        CompareForecast.lines(
            settings(List.of("delta.p50<10%", "delta.throughput>-60%")), Optional.of(c));

    assertThat(lines.get(0))
        .isEqualTo(
            "plan: 1 point x 6 rounds x 2 builds = 12 trials, about 5 min (a trial about 25 s"
                + " here: JVM starts, the warm-up, 4 runs); up to 8 min if rounds are added"
                + " (--max-rounds 10)");
    assertThat(lines.get(1))
        .startsWith(
            "this machine's calibration (rpcx/t8-r2000, 2026-11-28T03:55Z): 6 rounds detect throughput +-")
        .contains(", p50 +-")
        .endsWith(" (at its point; others differ)");
    assertThat(lines.get(2))
        .startsWith("delta.p50<10%: 6 rounds tell +-")
        .contains(" here, not 10 %: expect INCONCLUSIVE; about ")
        .contains(" rounds would tell it (");
    assertThat(lines.get(3))
        .startsWith("delta.throughput>-60%: 6 rounds tell +-")
        .endsWith(" here: enough");
  }

  @Test
  void withoutACalibrationItSaysWhatIsNotKnown() {
    List<String> lines =
        CompareForecast.lines(settings(List.of("delta.p50<10%")), Optional.empty());

    assertThat(lines)
        .hasSize(2)
        .last()
        .isEqualTo(
            "this machine has no calibration (rpcx-bench calibrate): how small a change 6 rounds"
                + " tell here is not known before the run");
  }

  private CompareSettings settings(List<String> thresholds) {
    JarPair jars =
        new JarPair(
            "rpcx", Path.of("/j/old.jar"), Path.of("/j/new.jar"), "a".repeat(64), "b".repeat(64));
    return new CompareSettings(
        ComparePlan.of("1", "none", "2000", Map.of(), JarPair.SIDES, 6),
        WarmupPlan.steady(Duration.ofSeconds(1), Duration.ofSeconds(30)),
        4,
        1,
        5,
        0,
        "",
        out,
        null,
        false,
        out.resolve("doc.md"),
        List.of("--run-time", "2s"),
        "rpcx-bench compare",
        out,
        RunTls.of("off", out),
        jars,
        thresholds.stream()
            .map(t -> io.rpcxbench.stats.Threshold.parse(t, io.rpcxbench.stats.Threshold.DIFF))
            .toList(),
        10,
        null);
  }
}
