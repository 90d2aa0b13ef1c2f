package io.rpcxbench.protocols.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.testsupport.ServerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The server jar the catalog names (the OpenFeign one), run as host B runs it, driven by this
 * plug-in.
 */
class HttpJsonServerJarIT {

  @Test
  void theCatalogsServerJarServesThePlugIn() throws Exception {
    Path jar = Path.of("..", "..").resolve(new HttpJsonProtocol().server().jar());
    assertThat(jar).exists();
    try (ServerProcess server =
        ServerProcess.start(
            "openfeign", List.of("-jar", jar.toString(), "--bind", "127.0.0.1", "--port", "0"))) {
      int port = server.awaitReadyPort();
      ClientOptions options =
          new ClientOptions("127.0.0.1", port, Duration.ofSeconds(10), Duration.ofSeconds(5), 1);
      try (BenchClient client = new HttpJsonProtocol().open(options)) {
        assertThat(client.hello("jar")).isEqualTo("hello, jar");
        assertThat(client.items(10)).isEqualTo(BenchContract.items(10));
      }
      assertThat(server.terminate()).isZero();
      assertThat(server.linesAfterReady()).isEmpty();
    }
  }
}
