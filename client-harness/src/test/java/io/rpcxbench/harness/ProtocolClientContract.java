package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the harness must do with each protocol's client against that protocol's real server on
 * loopback (port 0). One subclass per protocol.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ProtocolClientContract {
  /** A running server of the protocol under test. */
  interface Server extends AutoCloseable {
    int port();

    @Override
    void close();
  }

  abstract Protocol protocol();

  abstract Server startServer();

  @TempDir Path out;
  private Server server;

  @BeforeAll
  void startSharedServer() {
    server = startServer();
  }

  @AfterAll
  void stopSharedServer() {
    server.close();
  }

  private String portOption() {
    return "--" + protocol().id() + "-port";
  }

  @Test
  void helloRunsWriteOneCheckedRowPerRun() throws IOException {
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args("--protocol", protocol().id(), "--threads", 3, "--requests", 20, "--runs", 3,
                portOption(), server.port(), "--out", out, "--timeout", "10s"));

    assertThat(o.exitCode()).as(o.err()).isEqualTo(0);
    Path file = out.resolve(protocol().id()).resolve("t3-r20.csv");
    RawResultFile.Contents c = RawFileChecks.checkComplete(file, protocol(), 3, 20, 3, 60);
    assertThat(c.rows()).allSatisfy(r -> assertThat(r.errors()).isZero());
    assertThat(c.provenance())
        .containsEntry("requests_per", "thread")
        .containsEntry("call", "hello")
        .containsEntry("payload_bytes", "0")
        .containsEntry("target", "127.0.0.1:" + server.port());
    assertThat(o.err()).contains(protocol().id()).contains("order 0/3").contains("order 2/3");
    assertThat(o.out()).containsPattern("(?m)^" + protocol().id() + "\\s+3\\s+20\\s+3\\s+60\\s+0\\s");
    try (var files = Files.list(file.getParent())) {
      assertThat(files).containsExactly(file); // no temp file left behind
    }
  }

  @Test
  void echoWithRequestsSharedByTheThreads() throws IOException {
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args("--protocol", protocol().id(), "--threads", 4, "--requests", 30, "--runs", 2,
                "--requests-per", "total", "--call", "echo", "--payload", 300,
                portOption(), server.port(), "--out", out));

    assertThat(o.exitCode()).as(o.err()).isEqualTo(0);
    RawResultFile.Contents c =
        RawFileChecks.checkComplete(
            out.resolve(protocol().id()).resolve("t4-r30.csv"), protocol(), 4, 30, 2, 30);
    assertThat(c.provenance())
        .containsEntry("requests_per", "total")
        .containsEntry("call", "echo")
        .containsEntry("payload_bytes", "300");
    assertThat(c.rows()).allSatisfy(r -> assertThat(r.errors()).isZero());
  }

  @Test
  void serverThatDiesDuringTheRunsGivesErrorsExitOneAndStillAFile() throws Exception {
    Server dying = startServer();
    AtomicReference<CompletableFuture<Void>> stopping = new AtomicReference<>();
    // Order 0 done: stop the server from another thread while order 1 runs; wait for the stop
    // to finish before order 2, so that order 2 surely meets a dead server.
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            line -> {
              if (line.contains("order 0/")) {
                stopping.set(CompletableFuture.runAsync(dying::close));
              } else if (line.contains("order 1/")) {
                stopping.get().join();
              }
            },
            args("--protocol", protocol().id(), "--threads", 2, "--requests", 50, "--runs", 3,
                portOption(), dying.port(), "--out", out, "--timeout", "2s"));

    assertThat(o.exitCode()).as(o.err()).isEqualTo(1);
    Path file = out.resolve(protocol().id()).resolve("t2-r50.csv");
    RawResultFile.Contents c = RawFileChecks.checkComplete(file, protocol(), 2, 50, 3, 100);
    assertThat(c.rows().get(0).errors()).isZero();
    assertThat(c.rows().get(2).errors()).isEqualTo(100);
    assertThat(o.err()).contains("first error:");
  }

  @Test
  void unreachableServerFailsFastWithOneClearLine() throws IOException {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0)) {
      closedPort = s.getLocalPort();
    }
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args("--protocol", protocol().id(), "--threads", 2, "--requests", 10,
                portOption(), closedPort, "--out", out));

    assertThat(o.exitCode()).isEqualTo(1);
    assertThat(o.err())
        .contains(
            "cannot reach " + protocol().id() + " server at 127.0.0.1:" + closedPort
                + ": connection refused")
        .doesNotContain("\tat ");
    assertThat(out.resolve(protocol().id())).doesNotExist();
  }
}
