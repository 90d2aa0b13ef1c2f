package io.rpcxbench.protocols.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.ServerJarContract;
import io.rpcxbench.testsupport.ServerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30, item 9: the avro jar logged a warning and a ~20-line stack trace for every rejected
 * argument. A rejected argument is an answer (the declared {@code InvalidArgument}), not a log
 * line: 50 of them leave the server's log as it was.
 */
class AvroRejectedArgumentLogIT {
  @Test
  void rejectedArgumentsLogNothing(@TempDir Path dir) throws Exception {
    ProtocolProvider provider = ServerJarContract.provider("avro");
    Path jar = ServerJarContract.catalogJar(provider);
    Path log = dir.resolve("server.log");
    try (ServerProcess server =
        ServerProcess.start(
            "avro",
            List.of("-Xmx128m", "-jar", jar.toString(), "--bind", "127.0.0.1", "--port", "0"),
            log)) {
      int port = server.awaitReadyPort();
      ClientOptions options =
          new ClientOptions("127.0.0.1", port, Duration.ofSeconds(5), Duration.ofSeconds(5), 1);
      try (BenchClient client = provider.open(options)) {
        assertThat(client.hello("warm")).isEqualTo("hello, warm");
        long before = Files.readAllLines(log).size();
        for (int i = 0; i < 50; i++) {
          assertThatThrownBy(() -> client.items(-1)).hasMessageContaining("items: n must be");
          assertThatThrownBy(() -> client.hello(null)).hasMessageContaining("name is required");
        }
        assertThat(client.hello("after")).isEqualTo("hello, after");
        assertThat(Files.readAllLines(log).subList((int) before, Files.readAllLines(log).size()))
            .as("log lines after 100 rejected arguments")
            .isEmpty();
      }
    }
  }
}
