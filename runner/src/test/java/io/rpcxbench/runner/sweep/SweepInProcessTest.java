package io.rpcxbench.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.testplugin.LineProtocol;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.runner.RpcxBenchCommand;
import io.rpcxbench.runner.point.PointState;
import io.rpcxbench.runner.point.SweepLock;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The runner end to end in one JVM: the line test protocol's real server on loopback, every point
 * run in-process ({@code --in-process}), files written by the harness or, for a point whose harness
 * wrote none, by the runner.
 */
class SweepInProcessTest {
  @TempDir Path work;

  record Outcome(int code, String out, String err) {}

  static Outcome sweep(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = RpcxBenchCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    List<String> all = new ArrayList<>(List.of("sweep", "--in-process"));
    // the paper's method (no warm-up) unless a test chooses one: a steady one adds seconds a point
    if (List.of(args).stream().noneMatch(a -> a.startsWith("--warmup") || a.equals("--paper"))) {
      all.add("--paper");
    }
    all.addAll(List.of(args));
    int code = cl.execute(all.toArray(new String[0]));
    return new Outcome(code, out.toString(), err.toString());
  }

  private String[] args(int port, String... more) {
    List<String> a =
        new ArrayList<>(
            List.of(
                "--host",
                "127.0.0.1",
                "--port",
                "line=" + port,
                "--protocol",
                "line",
                "--runs",
                "2",
                "--out",
                work.resolve("raw").toString()));
    a.addAll(List.of(more));
    return a.toArray(new String[0]);
  }

  /** A port nothing listens on. */
  private static int closedPort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Test
  void aSummaryExportWithoutTheReportJarIsOneLineAndExitOne() throws Exception {
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      Path summary = work.resolve("summary.json");
      Outcome o =
          sweep(
              args(
                  server.port(),
                  "--threads",
                  "1",
                  "--requests",
                  "5",
                  "--summary-export",
                  summary.toString()));
      assertThat(o.code()).as(o.err()).isEqualTo(1);
      assertThat(o.err().lines().filter(l -> l.contains("--summary-export")).toList())
          .singleElement()
          .asString()
          .contains("no report jar at", "export --format json --out " + summary);
      assertThat(work.resolve("raw/line/t1-r5.csv")).exists();
      assertThat(summary).doesNotExist();
    }
  }

  @Test
  void everyFileRecordsThePlacementAndTheRunTimeTheSweepGaveItsHarness() throws Exception {
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      Outcome o =
          sweep(args(server.port(), "--threads", "1", "--requests", "5", "--run-time", "300ms"));
      assertThat(o.code()).as(o.err()).isZero();
      RawContents f = RawResultFile.read(work.resolve("raw/line/t1-r5.csv"));
      assertThat(f.provenance())
          .containsEntry("status", "complete")
          .containsEntry("run_time_ms", "300")
          .containsEntry("placement", "servers on 127.0.0.1, started elsewhere; client not pinned");
    }
  }

  @Test
  void aPayloadListIsADimensionEachSizeItsOwnPointFileAndSeries() throws Exception {
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      String[] twoSizes =
          args(
              server.port(),
              "--threads",
              "1",
              "--requests",
              "5",
              "--call",
              "echo",
              "--payload",
              "16,256");
      Outcome o = sweep(twoSizes);
      assertThat(o.code()).as(o.err()).isZero();
      assertThat(o.err())
          .contains(
              "[1/2] line t1 r5 payload=16: complete", "[2/2] line t1 r5 payload=256: complete");
      Path raw = work.resolve("raw/line");
      assertThat(RawResultFile.read(raw.resolve("echo-p16-t1-r5.csv")).provenance())
          .containsEntry("payload_bytes", "16");
      assertThat(RawResultFile.read(raw.resolve("echo-p256-t1-r5.csv")).provenance())
          .containsEntry("payload_bytes", "256");
      Outcome again = sweep(twoSizes);
      assertThat(again.err()).contains("[2/2] line t1 r5 payload=256: exists (complete), skipped");
    }
    assertThat(sweep("--call", "echo", "--payload", "16,16", "--dry-run").err())
        .contains("--payload names a value twice: [16, 16]");
  }

  @Test
  void everyPointRunsOnceAndARerunResumesBySkippingTheirFiles() throws Exception {
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      Outcome first = sweep(args(server.port(), "--threads", "1,2", "--requests", "5"));
      assertThat(first.code()).as(first.err()).isZero();
      Path raw = work.resolve("raw/line");
      assertThat(raw.resolve("t1-r5.csv")).exists();
      assertThat(raw.resolve("t2-r5.csv")).exists();
      assertThat(first.err()).contains("[2/2] line t2 r5: complete (exit 0)", "| ETA 0:00:00");
      assertThat(first.err()).contains("sweep done: 2 points, 2 run, 0 skipped, 0 failed");
      // its last line: what the exit means, how sure one trial is, where the files are
      List<String> lines = first.err().lines().toList();
      assertThat(lines.get(lines.size() - 1))
          .isEqualTo(
              "== sweep: exit 0: done: every point complete, every gate passed; how sure: one"
                  + " trial: a measurement, no verdict (--trials 6, then rpcx-bench compare, tests"
                  + " one); page: "
                  + work.resolve("raw"));
      long before = Files.getLastModifiedTime(raw.resolve("t1-r5.csv")).toMillis();

      Outcome again = sweep(args(server.port(), "--threads", "1,2", "--requests", "5"));
      assertThat(again.code()).isZero();
      assertThat(again.err())
          .contains("[1/2] line t1 r5: exists (complete), skipped")
          .contains("sweep done: 2 points, 0 run, 2 skipped");
      assertThat(Files.getLastModifiedTime(raw.resolve("t1-r5.csv")).toMillis()).isEqualTo(before);
    }
  }

  /** Regression (issue 24): a crashed echo point landed in the hello series. */
  @Test
  void aPointWhoseHarnessWroteNoFileGetsAFailedFileWithACompletePointsKeys() throws Exception {
    Outcome failed =
        sweep(
            args(
                closedPort(),
                "--threads",
                "1",
                "--requests",
                "5",
                "--call",
                "echo",
                "--payload",
                "256"));
    assertThat(failed.code()).isEqualTo(1);
    assertThat(failed.err()).contains("[1/1] line t1 r5: failed (exit 1, 0/2 runs kept)");
    Path file = work.resolve("raw/line/echo-p256-t1-r5.csv"); // the identity names the call
    RawContents f = RawResultFile.read(file);
    assertThat(f.provenance())
        .containsEntry("status", "failed")
        .containsEntry("call", "echo")
        .containsEntry("payload_bytes", "256")
        .containsEntry("items", "0")
        .containsEntry("scenario", "single")
        .containsEntry("work", "PT0S")
        .containsEntry("load_model", "closed")
        .containsEntry("runs_completed", "0")
        .containsEntry("exit_code", "1");
    assertThat(f.rows()).isEmpty();

    try (LineProtocol.Server server = new LineProtocol.Server()) {
      Path other = work.resolve("ok");
      Outcome ok =
          sweep(
              "--host",
              "127.0.0.1",
              "--port",
              "line=" + server.port(),
              "--protocol",
              "line",
              "--runs",
              "2",
              "--out",
              other.toString(),
              "--threads",
              "1",
              "--requests",
              "5",
              "--call",
              "echo",
              "--payload",
              "256");
      assertThat(ok.code()).as(ok.err()).isZero();
      RawContents c = RawResultFile.read(other.resolve("line/echo-p256-t1-r5.csv"));
      for (String key :
          List.of(
              "call",
              "payload_bytes",
              "items",
              "scenario",
              "work",
              "requests_per",
              "threads",
              "requests",
              "timeout_per")) {
        assertThat(f.provenance().get(key)).as(key).isEqualTo(c.provenance().get(key));
      }
      Set<String> extra = new HashSet<>(f.provenance().keySet());
      extra.removeAll(c.provenance().keySet());
      assertThat(extra).containsExactlyInAnyOrder("exit_code", "written_by");
    }
  }

  @Test
  void retryFailedRerunsAFailedPointAndKeepsCompleteOnes() throws Exception {
    sweep(args(closedPort(), "--threads", "1", "--requests", "5,6"));
    Path raw = work.resolve("raw/line");
    assertThat(Sweep.state(raw.resolve("t1-r5.csv"))).isEqualTo(PointState.FAILED);
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      Outcome plain = sweep(args(server.port(), "--threads", "1", "--requests", "5,6"));
      assertThat(plain.code()).isEqualTo(1);
      assertThat(plain.err()).contains("exists (failed), skipped");
      Outcome retry =
          sweep(args(server.port(), "--threads", "1", "--requests", "5,6", "--retry-failed"));
      assertThat(retry.code()).as(retry.err()).isZero();
      assertThat(retry.err()).contains("[1/2] line t1 r5: exists (failed), retrying");
      assertThat(Sweep.state(raw.resolve("t1-r5.csv"))).isEqualTo(PointState.COMPLETE);
    }
  }

  @Test
  void stopAfterFailuresMovesTheProtocolOnToTheNextThreadCount() throws Exception {
    Outcome o =
        sweep(
            args(
                closedPort(),
                "--threads",
                "1,2",
                "--requests",
                "5,6,7",
                "--stop-after-failures",
                "2"));
    assertThat(o.code()).isEqualTo(1);
    Path raw = work.resolve("raw/line");
    assertThat(raw.resolve("t1-r5.csv")).exists();
    assertThat(raw.resolve("t1-r6.csv")).exists();
    assertThat(raw.resolve("t1-r7.csv")).doesNotExist();
    assertThat(raw.resolve("t2-r5.csv")).exists();
    assertThat(o.err())
        .contains(
            "line: 2 failed points in a row at 1 threads; moving on to the next thread count");
  }

  @Test
  void skipDominatedSkipsPointsBeyondAFailedOne() throws Exception {
    Outcome o =
        sweep(args(closedPort(), "--threads", "1,2", "--requests", "5,6", "--skip-dominated"));
    assertThat(o.code()).isEqualTo(1);
    assertThat(o.err())
        .contains("sweep done: 4 points, 1 run, 3 skipped, 1 failed")
        .doesNotContain("[2/4] line t1 r6: failed");
  }

  @Test
  void aSecondSweepOnTheSameOutIsRefusedAsLocked() throws Exception {
    Path out = work.resolve("raw");
    Files.createDirectories(out);
    try (SweepLock held = SweepLock.tryTake(out, "pid 1, started now: ./sweep.sh --local")) {
      assertThat(held).isNotNull();
      Outcome o = sweep(args(closedPort(), "--threads", "1", "--requests", "5"));
      assertThat(o.code()).isEqualTo(io.rpcxbench.api.ExitCode.LOCKED.code());
      assertThat(o.err())
          .contains(
              "another sweep is running on " + out + " (pid 1, started now: ./sweep.sh --local)");
    }
  }

  @Test
  void aRateSweepThatDoesNotKeepUpSkipsTheProtocolsHigherRates() throws Exception {
    Outcome o =
        sweep(
            args(
                closedPort(),
                "--rates",
                "100,200,300",
                "--duration",
                "1s",
                "--stop-after-overload",
                "2"));
    assertThat(o.code()).isEqualTo(1);
    Path raw = work.resolve("raw/line");
    assertThat(raw.resolve("open-r100-d1s.csv")).exists();
    assertThat(raw.resolve("open-r200-d1s.csv")).exists();
    assertThat(raw.resolve("open-r300-d1s.csv")).doesNotExist();
    RawContents f = RawResultFile.read(raw.resolve("open-r100-d1s.csv"));
    assertThat(f.provenance())
        .containsEntry("status", "failed")
        .containsEntry("load_model", "open")
        .containsEntry("rate", "100.000")
        .containsEntry("duration", "PT1S");
    assertThat(o.err()).contains("overloaded: line stopped after 200/s");
  }

  @Test
  void theNextStartStopsWhatAKilledSweepLeftAndRunsItsPointAgain() throws Exception {
    Path out = work.resolve("raw");
    Path file = out.resolve("line/t1-r5.csv");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "# rpcx-bench raw result v2\n# status: incomplete\n");
    Process stray = new ProcessBuilder("sleep", "300").start();
    try {
      String start = stray.toHandle().info().startInstant().orElseThrow().toString();
      Files.writeString(
          out.resolve("sweep.pids"),
          stray.pid() + " " + start + " point " + file.toAbsolutePath() + "\n");
      try (LineProtocol.Server server = new LineProtocol.Server()) {
        Outcome o = sweep(args(server.port(), "--threads", "1", "--requests", "5"));
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.err())
            .contains(
                "was killed before it could stop what it started: stopped its processes (pids "
                    + stray.pid()
                    + ")")
            .contains("[1/1] line t1 r5: complete (exit 0)");
      }
      assertThat(stray.isAlive()).isFalse();
      assertThat(Sweep.state(file)).isEqualTo(PointState.COMPLETE);
    } finally {
      stray.destroyForcibly();
    }
  }
}
