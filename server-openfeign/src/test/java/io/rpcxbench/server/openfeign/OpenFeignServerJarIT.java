package io.rpcxbench.server.openfeign;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.testsupport.ServerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/** The executable jar as deploy scripts run it: {@code java -jar target/server-openfeign.jar}. */
class OpenFeignServerJarIT {

  @Test
  void fatJarServesThePlugInAndStopsCleanlyOnSigterm() throws Exception {
    Path jar = Path.of(System.getProperty("fatJar", "target/server-openfeign.jar"));
    assertThat(jar).exists();
    try (ServerProcess server =
        ServerProcess.start(
            "openfeign", List.of("-jar", jar.toString(), "--bind", "127.0.0.1", "--port", "0"))) {
      int port = server.awaitReadyPort();
      assertThat(server.readyLine()).isEqualTo("openfeign listening on 127.0.0.1:" + port);
      ClientOptions options =
          new ClientOptions("127.0.0.1", port, Duration.ofSeconds(10), Duration.ofSeconds(5), 1);
      try (BenchClient client = new OpenFeignProtocol().open(options)) {
        assertThat(client.hello("jar")).isEqualTo("hello, jar");
        assertThat(client.items(3)).hasSize(3);
      }
      assertThat(Http.postJson(port, "/echo", "{}").statusCode()).isEqualTo(422);
      assertThat(server.terminate()).isZero();
      assertThat(server.linesAfterReady()).isEmpty();
    }
  }

  @Test
  void theClientsLibrariesStayOutOfTheServerJar() throws Exception {
    try (JarFile jar = new JarFile(System.getProperty("fatJar", "target/server-openfeign.jar"))) {
      assertThat(jar.stream().map(e -> e.getName()).filter(n -> n.startsWith("BOOT-INF/lib/")))
          .anyMatch(n -> n.contains("tomcat-embed-core"))
          .noneMatch(
              n -> n.contains("feign") || n.contains("spring-cloud") || n.contains("bcprov"));
    }
  }
}
