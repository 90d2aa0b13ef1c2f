package io.rpcxbench.server.rpcx;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.rpcx.RpcxClientFactory;
import io.rpcxbench.testsupport.ServerProcess;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fat jar as users run it: ready line, a real call, a clean stop on SIGTERM. */
class ServerRpcxJarIT {

  @Test
  void fatJarServesAndStopsOnSigterm() throws Exception {
    Path jar = Path.of("target", "server-rpcx.jar");
    assertThat(jar).exists();
    try (ServerProcess server =
        ServerProcess.start(
            "rpcx", List.of("-jar", jar.toString(), "--bind", "127.0.0.1", "--port", "0"))) {
      int port = server.awaitReadyPort();
      assertThat(server.readyLine()).isEqualTo("rpcx listening on 127.0.0.1:" + port);

      try (RpcxClientFactory clients =
          RpcxClientFactory.builder().property("rpcx.port", String.valueOf(port)).build()) {
        assertThat(clients.create(BenchService.class).hello("jar")).isEqualTo("hello, jar");
      }

      assertThat(server.terminate()).as("clean stop after SIGTERM").isZero();
      assertThat(server.linesAfterReady()).isEmpty();
    }
  }
}
