package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.testplugin.LineProtocol;
import io.rpcxbench.harness.testplugin.ScriptedProtocol;
import io.rpcxbench.raw.KeepRule;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --run-time}: each run lasts a fixed time instead of a count of calls, against a real
 * server on loopback. The bounds are generous: they tell a timed run from a counted one, not a fast
 * machine from a slow one.
 */
class RunTimeTest {
  @TempDir Path out;

  @Test
  void eachClosedLoopRunLastsTheRunTimeAndTheFileRecordsIt() throws Exception {
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  "line",
                  "--port",
                  "line=" + server.port(),
                  "--out",
                  out,
                  "--threads",
                  2,
                  "--requests",
                  1,
                  "--runs",
                  3,
                  "--run-time",
                  "300ms"));
      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = RawResultFile.read(out.resolve("line/t2-r1.csv"));
      assertTimedRuns(c, 2);
      // the point's last line: its exit's meaning, how sure one trial is, its file
      java.util.List<String> err = o.err().strip().lines().toList();
      assertThat(err.get(err.size() - 1))
          .isEqualTo(
              "== run: exit 0: done: every point complete, every gate passed; how sure: "
                  + io.rpcxbench.raw.ClosingLine.ONE_TRIAL
                  + "; page: "
                  + out.resolve("line/t2-r1.csv"));
    }
  }

  @Test
  void eachInFlightRunLastsTheRunTime() throws Exception {
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server()) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  "scripted",
                  "--port",
                  "scripted=" + server.port(),
                  "--out",
                  out,
                  "--in-flight",
                  4,
                  "--requests",
                  1,
                  "--runs",
                  3,
                  "--run-time",
                  "300ms"));
      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c = RawResultFile.read(out.resolve("scripted/inflight-n4-r1.csv"));
      assertTimedRuns(c, 4);
    }
  }

  /** Complete, recorded, each run about 300 ms and more calls than the count would have made. */
  private static void assertTimedRuns(RawContents c, int callers) {
    assertThat(c.provenance())
        .containsEntry("status", "complete")
        .containsEntry("run_time_ms", "300")
        .containsEntry("runs_completed", "3");
    assertThat(c.provenance().get("options")).contains("--run-time 300ms");
    assertThat(c.rows()).hasSize(3);
    for (RunRow r : c.rows()) {
      assertThat(r.timeTotal()).as("run %d's time in ms", r.order()).isBetween(300.0, 5_000.0);
      assertThat(r.calls()).isGreaterThan(callers);
      assertThat(r.errors()).isZero();
    }
    assertThat(KeepRule.kept(c)).extracting(RunRow::order).containsExactly(1, 2);
  }

  @Test
  void aRunTimeThatIsNotAPositiveDurationIsRefusedInOneLine() {
    for (String bad : new String[] {"-1s", "0s", "0ms", "soon"}) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  "line",
                  "--port",
                  "line=1",
                  "--out",
                  out,
                  "--threads",
                  1,
                  "--requests",
                  1,
                  "--run-time",
                  bad));
      assertThat(o.exitCode()).as(bad).isEqualTo(2);
      assertThat(o.err().lines().findFirst().orElse("")).as(bad).contains("--run-time");
    }
  }

  @Test
  void anOpenLoopRefusesARunTime() {
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args(
                "--protocol",
                "line",
                "--port",
                "line=1",
                "--out",
                out,
                "--rate",
                10,
                "--duration",
                "1s",
                "--run-time",
                "1s"));
    assertThat(o.exitCode()).isEqualTo(2);
    assertThat(o.err()).contains("--run-time goes with --threads or --in-flight");
  }
}
