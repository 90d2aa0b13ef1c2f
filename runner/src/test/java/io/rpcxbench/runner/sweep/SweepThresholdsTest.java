package io.rpcxbench.runner.sweep;

import static io.rpcxbench.runner.sweep.SweepInProcessTest.sweep;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.testplugin.LineProtocol;
import io.rpcxbench.raw.RawResultFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rpcx-bench sweep --threshold}: checked on every point's file after the sweep (the line
 * test protocol's real server on loopback, points in-process), one line per threshold and point,
 * exit 99 when one failed and nothing worse happened.
 */
class SweepThresholdsTest {
  @TempDir Path work;

  private String[] args(int port, String... more) {
    return args(port, work.resolve("raw"), more);
  }

  private static String[] args(int port, Path out, String... more) {
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
                "--threads",
                "1,2",
                "--requests",
                "5",
                "--out",
                out.toString()));
    a.addAll(List.of(more));
    return a.toArray(new String[0]);
  }

  @Test
  void aFailedThresholdOnSomePointExits99() throws Exception {
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      SweepInProcessTest.Outcome o =
          sweep(args(server.port(), "--threshold", "errors==0", "--threshold", "p50<1us"));

      assertThat(o.code()).as(o.err()).isEqualTo(99);
      assertThat(o.err())
          .contains("sweep done: 2 points, 2 run, 0 skipped, 0 failed")
          .contains("threshold errors==0 at t1 r5: line PASS (errors 0)")
          .contains("threshold errors==0 at t2 r5: line PASS (errors 0)")
          .containsPattern("threshold p50<1us at t2 r5: line FAIL \\(p50 \\d+\\.\\d us\\)");
      assertThat(
              RawResultFile.read(work.resolve("raw/line/t1-r5.csv")).provenance().get("thresholds"))
          .startsWith("errors==0 PASS (errors 0); p50<1us FAIL (p50 ");
    }
  }

  @Test
  void thresholdsThatHoldLeaveTheExitCode0AndAFailedPointKeeps1() throws Exception {
    try (LineProtocol.Server server = new LineProtocol.Server()) {
      assertThat(sweep(args(server.port(), "--threshold", "errors==0")).code()).isZero();
    }
    SweepInProcessTest.Outcome down =
        sweep(args(closedPort(), work.resolve("down"), "--threshold", "errors==0"));
    assertThat(down.code()).as(down.err()).isEqualTo(1);
    assertThat(down.err()).contains("threshold errors==0 at t1 r5: line FAIL (errors unknown");
  }

  @Test
  void aBadThresholdOrOneGivenToThePointsIsBadUsage() {
    SweepInProcessTest.Outcome bad = sweep(args(1, "--threshold", "p99<5min", "--dry-run"));
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("error: --threshold 'p99<5min': a latency takes us, ms or s");

    SweepInProcessTest.Outcome after = sweep(args(1, "--dry-run", "--", "--threshold", "p99<5ms"));
    assertThat(after.code()).isEqualTo(2);
    assertThat(after.err()).contains("--threshold is the sweep's: give it before \"--\"");
  }

  private static int closedPort() throws Exception {
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
