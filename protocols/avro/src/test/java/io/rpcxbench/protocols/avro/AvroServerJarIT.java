package io.rpcxbench.protocols.avro;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.ServerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Both fat jars as host B runs them: ready line, a call through the plug-in, SIGTERM to exit 0. */
class AvroServerJarIT {

  @ParameterizedTest
  @ValueSource(strings = {"avro", "avro-socket"})
  void fatJarServesThePlugInAndStopsOnSigterm(String id) throws Exception {
    ProtocolProvider provider =
        ServiceLoader.load(ProtocolProvider.class).stream()
            .map(ServiceLoader.Provider::get)
            .filter(p -> p.id().equals(id))
            .findFirst()
            .orElseThrow();
    // the catalog's path, relative to the repository root; this module is protocols/avro
    Path jar = Path.of("../..").resolve(provider.server().jar()).normalize();
    assertThat(jar).exists();
    List<String> args = new java.util.ArrayList<>(List.of("-jar", jar.toString()));
    args.addAll(List.of("--bind", "127.0.0.1", "--port", "0"));
    args.addAll(provider.server().args());
    try (ServerProcess server = ServerProcess.start(id, args)) {
      int port = server.awaitReadyPort();
      assertThat(server.readyLine()).isEqualTo(id + " listening on 127.0.0.1:" + port);
      try (BenchClient client =
          provider.open(
              new ClientOptions(
                  "127.0.0.1", port, Duration.ofSeconds(10), Duration.ofSeconds(5), 1))) {
        assertThat(client.hello("jar")).isEqualTo("hello, jar");
      }
      assertThat(server.terminate()).as("clean stop after SIGTERM").isZero();
    }
  }
}
