package io.rpcxbench.report.diff;

import static io.rpcxbench.report.diff.DiffCommandTest.trials;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.report.Cli;
import io.rpcxbench.stats.Calibration;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report calibration}: an A/A's trials into the machine's calibration. */
class CalibrationCommandTest {
  @TempDir Path tmp;

  private static final PointIdentity POINT = PointIdentity.closed("rpcx", 8, 2000);

  @Test
  void twelveTrialsOfOneProtocolGiveSixASideAndTheirNumbers() throws Exception {
    Path raw = tmp.resolve("raw");
    trials(raw, POINT, "a", 100, 200, 1, 12, 0.05);
    Path file = tmp.resolve("c.properties");
    Cli.Result r =
        Cli.run("calibration", raw.toString(), "--fingerprint", "h|x|2", "--out", file.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .startsWith("calibration (rpcx/t8-r2000, 6 + 6 A/A trials): throughput detectable with 6")
        .contains("false positives");
    Calibration c;
    try (Reader in = Files.newBufferedReader(file)) {
      c = Calibration.read(in);
    }
    assertThat(c.fingerprint()).isEqualTo("h|x|2");
    assertThat(c.trials()).isEqualTo(6);
    assertThat(c.metric("p99").relabellings()).isEqualTo(924);
    assertThat(c.metric("p99").falsePositiveRate()).isLessThanOrEqualTo(0.05);
    assertThat(c.aaFailed()).isFalse();
  }

  @Test
  void tooFewTrialsIsOneLineAndExitOne() throws Exception {
    Path raw = tmp.resolve("few");
    trials(raw, POINT, "a", 100, 200, 1, 6, 0.05);
    Cli.Result r = Cli.run("calibration", raw.toString(), "--fingerprint", "h");
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err().strip())
        .isEqualTo("error: 6 trials of rpcx/t8-r2000; an A/A needs 8 or more");
  }

  @Test
  void aDriftBetweenTheLabelsFailsTheAaCheckLoudly() throws Exception {
    Path raw = tmp.resolve("drift");
    // every even trial 40 % slower; seed 16 draws "A first" in all six rounds, so A holds the
    // quick trials and B the slow ones: the A/A pair must differ
    for (int k = 1; k <= 12; k++) {
      double f = k % 2 == 0 ? 1.4 : 1.0;
      DiffCommandTest.point(raw.resolve("trial-" + k), POINT, "a", 100 * f, 200 * f, k);
    }
    Cli.Result r = Cli.run("calibration", raw.toString(), "--fingerprint", "h", "--seed", "16");
    assertThat(r.exit()).isEqualTo(97);
    assertThat(r.err()).contains("A/A CHECK FAILED").contains("throughput");
    assertThat(r.out()).contains("A/A DIFFERS");
  }
}
