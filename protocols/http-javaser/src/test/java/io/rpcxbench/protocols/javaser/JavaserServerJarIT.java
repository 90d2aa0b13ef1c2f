package io.rpcxbench.protocols.javaser;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.testsupport.ServerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fat jar as users run it: ready line, calls through the plug-in, a clean stop on SIGTERM. */
class JavaserServerJarIT {

  @Test
  void fatJarServesAndStopsOnSigterm() throws Exception {
    Path jar = Path.of(System.getProperty("fatJar", "target/http-javaser-server.jar"));
    assertThat(jar).exists();
    try (ServerProcess server =
        ServerProcess.start(
            "http-javaser",
            List.of("-jar", jar.toString(), "--bind", "127.0.0.1", "--port", "0"))) {
      int port = server.awaitReadyPort();
      assertThat(server.readyLine()).isEqualTo("http-javaser listening on 127.0.0.1:" + port);
      ClientOptions options =
          new ClientOptions("127.0.0.1", port, Duration.ofSeconds(10), Duration.ofSeconds(5), 1);
      try (BenchClient client = new JavaserProtocol().open(options)) {
        assertThat(client.hello("jar")).isEqualTo("hello, jar");
        assertThat(client.items(10)).isEqualTo(BenchContract.items(10));
      }
      assertThat(server.terminate()).as("clean stop after SIGTERM").isZero();
      assertThat(server.linesAfterReady()).isEmpty();
    }
  }
}
