package io.rpcxbench.protocols.typedjson;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.ServerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** The fat jar as host B runs it: ready line, a call through the plug-in, SIGTERM to exit 0. */
class TypedJsonServerJarIT {

  @Test
  void fatJarServesThePlugInAndStopsOnSigterm() throws Exception {
    Path jar = Path.of(System.getProperty("fatJar", "target/typed-json-server.jar"));
    assertThat(jar).exists();
    ProtocolProvider provider =
        ServiceLoader.load(ProtocolProvider.class).stream()
            .map(ServiceLoader.Provider::get)
            .filter(p -> p.id().equals("typed-json"))
            .findFirst()
            .orElseThrow();
    assertThat(Path.of("../..").resolve(provider.server().jar()).toAbsolutePath().normalize())
        .isEqualTo(jar.toAbsolutePath().normalize());
    try (ServerProcess server =
        ServerProcess.start(
            "typed-json", List.of("-jar", jar.toString(), "--bind", "127.0.0.1", "--port", "0"))) {
      int port = server.awaitReadyPort();
      assertThat(server.readyLine()).isEqualTo("typed-json listening on 127.0.0.1:" + port);
      try (BenchClient client =
          provider.open(
              new ClientOptions(
                  "127.0.0.1", port, Duration.ofSeconds(10), Duration.ofSeconds(5), 1))) {
        assertThat(client.hello("jar")).isEqualTo("hello, jar");
      }
      assertThat(server.terminate()).as("clean stop after SIGTERM").isZero();
      assertThat(server.linesAfterReady()).isEmpty();
    }
  }
}
