package io.rpcxbench.runner.calibrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.runner.RpcxBenchCommand;
import io.rpcxbench.runner.point.MachineCalibration;
import io.rpcxbench.stats.Calibration;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code rpcx-bench calibrate}: its bad input, and a machine calibrated before. */
class CalibrateCommandTest {
  @TempDir Path tmp;

  @BeforeEach
  void ownCache() {
    System.setProperty("rpcx.bench.calibration.dir", tmp.resolve("cache").toString());
  }

  @AfterEach
  void noCache() {
    System.clearProperty("rpcx.bench.calibration.dir");
  }

  private static String[] run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = RpcxBenchCommand.commandLine();
    cl.setOut(new java.io.PrintWriter(out));
    cl.setErr(new java.io.PrintWriter(err));
    int code = cl.execute(args);
    return new String[] {String.valueOf(code), out.toString(), err.toString()};
  }

  @Test
  void fewerThanFourTrialsASideIsBadUsageBeforeAnyWork() {
    String[] r = run("calibrate", "--trials", "3", "--out", tmp.resolve("x").toString());
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2]).contains("--trials must be 4 or more");
    assertThat(tmp.resolve("x")).doesNotExist();
  }

  @Test
  void fewerThanTwoInvocationsIsBadUsageBeforeAnyWork() {
    String[] r = run("calibrate", "--invocations", "1", "--out", tmp.resolve("z").toString());
    assertThat(r[0]).isEqualTo("2");
    assertThat(r[2]).contains("--invocations 2 or more");
    assertThat(tmp.resolve("z")).doesNotExist();
  }

  @Test
  void aMachineCalibratedBeforePrintsItsCalibrationAndMeasuresNothing() throws Exception {
    MachineCalibration here = MachineCalibration.here();
    Calibration c =
        new Calibration(
            here.fingerprint(),
            "rpcx/t8-r2000",
            6,
            1,
            java.time.Instant.parse("2026-11-28T02:40:00Z"),
            List.of(
                new io.rpcxbench.stats.Calibration.Metric(
                    "p99",
                    0.1,
                    io.rpcxbench.stats.VarianceComponents.of(
                        List.of(List.of(List.of(100.0, 103.0), List.of(110.0, 108.0)))),
                    io.rpcxbench.stats.FalsePositives.none(),
                    io.rpcxbench.stats.FalsePositives.none())));
    Files.createDirectories(here.file().getParent());
    try (Writer w = Files.newBufferedWriter(here.file())) {
      c.write(w);
    }
    assertThat(here.cached()).contains(c);
    String[] r = run("calibrate", "--out", tmp.resolve("y").toString());
    assertThat(r[0]).isEqualTo("0");
    assertThat(r[1])
        .contains(
            "calibration (rpcx/t8-r2000, 1 invocation x 6 + 6 A/A trials, 2026-11-28T02:40Z): p99"
                + " detectable with 6 trials")
        .contains("between trials of an invocation")
        .contains("calibrated before on this machine at 2026-11-28T02:40Z");
    assertThat(tmp.resolve("y")).doesNotExist();
  }

  @Test
  void anotherMachinesCalibrationDoesNotHoldHere() throws Exception {
    MachineCalibration here = MachineCalibration.here();
    Calibration other =
        new Calibration(
            "another host|cpu|64 cpus",
            "rpcx/t8-r2000",
            6,
            1,
            java.time.Instant.parse("2026-11-28T02:40:00Z"),
            List.of(
                new io.rpcxbench.stats.Calibration.Metric(
                    "p99",
                    0.1,
                    io.rpcxbench.stats.VarianceComponents.of(
                        List.of(List.of(List.of(100.0, 103.0), List.of(110.0, 108.0)))),
                    io.rpcxbench.stats.FalsePositives.none(),
                    io.rpcxbench.stats.FalsePositives.none())));
    Files.createDirectories(here.file().getParent());
    try (Writer w = Files.newBufferedWriter(here.file())) {
      other.write(w);
    }
    assertThat(here.cached()).isEmpty();
  }

  /** Its time, said before its invocations start: 4 x 8 trials of 5 s + 3 s + 5 runs of 2 s. */
  @Test
  void itsPlanSaysHowLongAtTheDefaults() {
    CalibrateCommand c = new CalibrateCommand(io.rpcxbench.runner.point.Install.fromEnvironment());
    new CommandLine(c).parseArgs();
    assertThat(c.plan()).isEqualTo("plan: 4 invocations x 8 trials of rpcx t8, about 10 min");
    assertThat(CalibrateCommand.expectedSecondsByDefault()).isEqualTo(4L * 8 * 18);
    new CommandLine(c).parseArgs("--run-time", "none");
    assertThat(c.plan()).isEqualTo("plan: 4 invocations x 8 trials of rpcx t8");
  }

  /** Its last line: what a comparison detects here, how sure the verdicts are, the kept file. */
  @Test
  void itsClosingLineSaysWhatAComparisonDetectsAndWhereTheCalibrationIsKept() {
    Calibration c = ThisBoxCalibration.read();
    MachineCalibration here = MachineCalibration.here();
    String line = CalibrateCommand.closing(c, here).text();
    assertThat(line)
        .startsWith(
            "== calibrate: an interleaved comparison of 4 trials a side detects throughput +-")
        .contains(
            "p99 +-"
                + io.rpcxbench.stats.Num.fixed(c.metric("p99").detectable().percent(4), 1)
                + " % here; how sure: A/A verdicts within the stated 5 % false positives (4"
                + " invocations); page: "
                + here.file());
  }
}
