package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.testplugin.ScriptedProtocol;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30 item 10, the harness's part: an absurd rate is refused, --time-limit ends an open-loop
 * or in-flight run whatever its plan, an option the call ignores is refused, and so is an empty
 * --out.
 */
class ToolDefectsTest {
  @TempDir Path out;

  @Test
  void anAbsurdRateIsRefusedInOneLine() {
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            "--protocol",
            "grpc",
            "--rate",
            "2147483647",
            "--duration",
            "1s",
            "--time-limit",
            "10s",
            "--out",
            out.toString());

    assertThat(o.exitCode()).isEqualTo(2);
    assertThat(o.err().lines().findFirst().orElseThrow())
        .isEqualTo(
            "error: --rate must be at most 1000000 calls/s from one harness (a call every"
                + " microsecond), got 2147483647");
    assertThat(out).isEmptyDirectory();
  }

  @Test
  void theTimeLimitEndsAnOpenLoopRunLongBeforeItsSchedule() throws Exception {
    // 1000 s of schedule, a 2 s limit: the point ends at the limit, its file says so.
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server()) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  "scripted",
                  "--port",
                  "scripted=" + server.port(),
                  "--rate",
                  1000,
                  "--duration",
                  "1000s",
                  "--runs",
                  2,
                  "--warmup",
                  "0s",
                  "--time-limit",
                  "2s",
                  "--out",
                  out));

      assertThat(o.exitCode()).as(o.err()).isEqualTo(1);
      assertThat(o.err()).contains("time limit 2s per point reached after 0 of 2 runs");
      RawContents c = RawResultFile.read(out.resolve("scripted/open-r1000-d1000s.csv"));
      assertThat(c.provenance("status")).contains("timeout");
      assertThat(c.rows()).isEmpty();
    }
  }

  @Test
  void theTimeLimitEndsAnInFlightRunAndItsWarmUp() throws Exception {
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server()) {
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              args(
                  "--protocol",
                  "scripted",
                  "--port",
                  "scripted=" + server.port(),
                  "--in-flight",
                  2,
                  "--requests",
                  2_000_000_000,
                  "--runs",
                  1,
                  "--warmup",
                  "0s",
                  "--time-limit",
                  "2s",
                  "--out",
                  out));

      assertThat(o.exitCode()).as(o.err()).isEqualTo(1);
      assertThat(o.err()).contains("time limit 2s per point reached after 0 of 1 runs");
    }
  }

  @Test
  void anOptionTheCallIgnoresIsRefused() {
    for (String[] line :
        new String[][] {
          {"--payload", "100"},
          {"--call", "hello", "--payload", "100"},
          {"--call", "items", "--payload", "100"},
          {"--call", "put", "--items", "3"}
        }) {
      String[] all =
          args(
              "--protocol",
              "grpc",
              "--threads",
              1,
              "--requests",
              1,
              "--out",
              out,
              String.join(" ", line));
      HarnessInvocation.Outcome o = HarnessInvocation.run(withSplitLast(all));
      assertThat(o.exitCode()).as(String.join(" ", line)).isEqualTo(2);
      assertThat(o.err().lines().findFirst().orElseThrow())
          .as(String.join(" ", line))
          .matches("error: --(payload|items) is unused by --call .*");
    }
  }

  @Test
  void anEmptyOutIsRefused() {
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            "--protocol", "grpc", "--threads", "1", "--requests", "1", "--out", "");

    assertThat(o.exitCode()).isEqualTo(2);
    assertThat(o.err().lines().findFirst().orElseThrow())
        .isEqualTo(
            "error: Invalid value for option '--out': an empty folder; name one, e.g. --out"
                + " results/mine");
    assertThat(Files.exists(Path.of("grpc"))).isFalse();
  }

  private static String[] withSplitLast(String[] all) {
    String last = all[all.length - 1];
    String[] head = java.util.Arrays.copyOf(all, all.length - 1);
    return java.util.stream.Stream.concat(
            java.util.Arrays.stream(head), java.util.Arrays.stream(last.split(" ")))
        .toArray(String[]::new);
  }
}
