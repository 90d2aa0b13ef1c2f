package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.testplugin.ScriptedProtocol;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.server.rpcx.RpcxBenchServer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --in-flight N}: N calls outstanding, counted at the server, which holds its replies until
 * N calls are in (or 2 s passed): a harness that kept fewer out would show fewer, one that kept
 * more would show more.
 */
class InFlightTest {
  @TempDir Path out;

  private HarnessInvocation.Outcome inFlight(String protocol, int port, Object... more) {
    Object[] base = {"--protocol", protocol, "--port", protocol + "=" + port, "--out", out};
    Object[] all = new Object[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return HarnessInvocation.run(args(all));
  }

  @Test
  void anAsyncClientKeepsExactlyNCallsOutstanding() throws IOException {
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server().releaseAt(8)) {
      HarnessInvocation.Outcome o =
          inFlight("scripted", server.port(), "--in-flight", 8, "--requests", 25, "--runs", 2);

      assertThat(o.exitCode()).as(o.err()).isZero();
      assertThat(server.maxInProgress()).isEqualTo(8);
      RawContents c =
          RawFileChecks.checkComplete(
              out.resolve("scripted").resolve("inflight-n8-r25.csv"),
              Protocol.parse("scripted"),
              8,
              25,
              2,
              200);
      assertThat(c.rows()).allSatisfy(r -> assertThat(r.extra("in_flight_max")).contains("8"));
      assertThat(c.provenance())
          .containsEntry("load_model", "in-flight")
          .containsEntry("in_flight", "8")
          .containsEntry("calls_issued_by", "async API, up to 8 outstanding");
      assertThat(c.provenance().get("options"))
          .contains("--requests 25 --requests-per thread")
          .contains("--in-flight 8")
          .doesNotContain("--threads");
      assertThat(o.err()).doesNotContain("no async API");
    }
  }

  @Test
  void aBlockingClientFallsBackToNThreadsAndSaysSo() throws IOException {
    try (ScriptedProtocol.Server server = new ScriptedProtocol.Server().releaseAt(4)) {
      HarnessInvocation.Outcome o =
          inFlight(
              "scripted-sync",
              server.port(),
              "--in-flight",
              4,
              "--requests",
              40,
              "--requests-per",
              "total",
              "--runs",
              1);

      assertThat(o.exitCode()).as(o.err()).isZero();
      assertThat(server.maxInProgress()).isEqualTo(4);
      RawContents c =
          RawResultFile.read(out.resolve("scripted-sync").resolve("inflight-n4-r40.csv"));
      assertThat(c.rows()).singleElement().satisfies(r -> assertThat(r.calls()).isEqualTo(40));
      assertThat(c.provenance()).containsEntry("calls_issued_by", "4 threads, blocking calls");
      assertThat(o.err())
          .contains("scripted-sync: its client has no async API: --in-flight 4 means 4 threads");
    }
  }

  @Test
  void aCallSlowerThanFailAfterCountsAsFailedThoughItSucceeded() throws IOException {
    try (ScriptedProtocol.Server server =
        new ScriptedProtocol.Server().slowOnce(10, Duration.ofMillis(1500))) {
      HarnessInvocation.Outcome o =
          inFlight(
              "scripted",
              server.port(),
              "--in-flight",
              2,
              "--requests",
              20,
              "--runs",
              1,
              "--fail-after",
              "500ms");

      assertThat(o.exitCode()).isEqualTo(1);
      RunRow r =
          RawResultFile.read(out.resolve("scripted").resolve("inflight-n2-r20.csv")).rows().get(0);
      assertThat(r.calls()).isEqualTo(40);
      assertThat(r.errors()).isEqualTo(1);
      assertThat(r.extra("errors_over_threshold")).contains("1");
      assertThat(r.extra("errors_timeout")).contains("0");
      assertThat(r.extra("errors_transport")).contains("0");
      assertThat(r.extra("errors_wrong_reply")).contains("0");
      assertThat(o.err()).contains("over --fail-after 1").contains("slower than --fail-after");
    }
  }

  @Test
  void theClosedLoopCountsFailAfterToo() throws IOException {
    try (ScriptedProtocol.Server server =
        new ScriptedProtocol.Server().slowOnce(3, Duration.ofMillis(1500))) {
      HarnessInvocation.Outcome o =
          inFlight(
              "scripted-sync",
              server.port(),
              "--threads",
              2,
              "--requests",
              5,
              "--runs",
              1,
              "--fail-after",
              "500ms");

      assertThat(o.exitCode()).isEqualTo(1);
      RawContents c = RawResultFile.read(out.resolve("scripted-sync").resolve("t2-r5.csv"));
      RunRow r = c.rows().get(0);
      assertThat(r.errors()).isEqualTo(1);
      assertThat(r.extra("errors_over_threshold")).contains("1");
      assertThat(c.provenance())
          .containsEntry("load_model", "closed")
          .containsEntry("fail_after", "PT0.5S");
    }
  }

  @Test
  void rpcxsAsyncClientKeepsItsCallsInFlightOnOneConnection() throws IOException {
    try (RpcxBenchServer server = RpcxBenchServer.start("127.0.0.1", 0)) {
      HarnessInvocation.Outcome o =
          inFlight("rpcx", server.port(), "--in-flight", 16, "--requests", 50, "--runs", 2);

      assertThat(o.exitCode()).as(o.err()).isZero();
      RawContents c =
          RawFileChecks.checkComplete(
              out.resolve("rpcx").resolve("inflight-n16-r50.csv"),
              Protocol.parse("rpcx"),
              16,
              50,
              2,
              800);
      assertThat(c.rows()).allSatisfy(r -> assertThat(r.errors()).isZero());
      assertThat(c.provenance())
          .containsEntry("calls_issued_by", "async API, up to 16 outstanding");
    }
  }
}
