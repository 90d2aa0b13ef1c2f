package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.server.rpcx.RpcxBenchServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rpcx-bench run --threshold}: a real point against the RPCX server on loopback (port 0),
 * its verdicts on stdout and in the file, and the exit code 99 when one failed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ThresholdsRunTest {
  @TempDir Path out;
  private RpcxBenchServer server;

  @BeforeAll
  void startServer() {
    server = RpcxBenchServer.start("127.0.0.1", 0);
  }

  @AfterAll
  void stopServer() {
    server.close();
  }

  private HarnessInvocation.Outcome point(Path dir, Object... thresholds) {
    Object[] base = {
      "--protocol",
      "rpcx",
      "--threads",
      2,
      "--requests",
      20,
      "--runs",
      3,
      "--paper",
      "--port",
      "rpcx=" + server.port(),
      "--out",
      dir
    };
    Object[] all = new Object[base.length + thresholds.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(thresholds, 0, all, base.length, thresholds.length);
    return HarnessInvocation.run(args(all));
  }

  @Test
  void aFailedThresholdExits99AndSaysSoOnTheConsoleAndInTheFile() throws IOException {
    HarnessInvocation.Outcome o =
        point(out.resolve("fail"), "--threshold", "p99<1us", "--threshold", "errors==0");

    assertThat(o.exitCode()).as(o.err()).isEqualTo(ExitCode.GATE_FAILED.code());
    assertThat(o.out())
        .containsPattern("(?m)^threshold p99<1us: rpcx FAIL \\(p99 \\d+\\.\\d us\\)$")
        .contains("threshold errors==0: rpcx PASS (errors 0)");
    RawContents c = RawResultFile.read(out.resolve("fail/rpcx/t2-r20.csv"));
    assertThat(c.provenance().get("thresholds"))
        .matches("p99<1us FAIL \\(p99 \\d+\\.\\d us\\); errors==0 PASS \\(errors 0\\)");
    assertThat(c.rows()).hasSize(3);
  }

  @Test
  void thresholdsThatHoldExit0() {
    HarnessInvocation.Outcome o =
        point(out.resolve("pass"), "--threshold", "errors==0", "--threshold", "throughput>0");

    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(o.out()).contains("threshold errors==0: rpcx PASS (errors 0)");
  }

  @Test
  void aBadExpressionIsBadUsageBeforeTheFirstCall() {
    HarnessInvocation.Outcome o = point(out.resolve("bad"), "--threshold", "p99<5min");

    assertThat(o.exitCode()).isEqualTo(2);
    assertThat(o.err().lines().findFirst().orElse(""))
        .isEqualTo("error: --threshold 'p99<5min': a latency takes us, ms or s, not 'min'");
    assertThat(out.resolve("bad")).doesNotExist();
  }

  @Test
  void aFailedPointKeepsItsExitCode1() throws IOException {
    int closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = s.getLocalPort();
    }
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args(
                "--protocol",
                "rpcx",
                "--threads",
                1,
                "--requests",
                1,
                "--port",
                "rpcx=" + closed,
                "--timeout",
                "2s",
                "--out",
                out.resolve("down"),
                "--threshold",
                "errors==0"));

    assertThat(o.exitCode()).isEqualTo(1);
  }
}
