package io.rpcxbench.server.openfeign;

import io.rpcxbench.testsupport.ServerProcess;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The executable jar as deploy scripts run it: {@code java -jar target/server-openfeign.jar}. */
class OpenFeignServerJarIT {

  @Test
  void fatJarServesAndStopsCleanlyOnSigterm() throws Exception {
    Path jar = Path.of(System.getProperty("fatJar", "target/server-openfeign.jar"));
    assertThat(jar).exists();
    try (ServerProcess server =
        ServerProcess.start("openfeign", List.of("-jar", jar.toString(), "--bind", "127.0.0.1", "--port", "0"))) {
      int port = server.awaitReadyPort();
      assertThat(server.readyLine()).isEqualTo("openfeign listening on 127.0.0.1:" + port);
      assertThat(Http.postJson(port, "/hello", "{\"name\":\"jar\"}").body())
          .isEqualTo("{\"message\":\"hello, jar\"}");
      assertThat(Http.postJson(port, "/echo", "{\"payload\":\"AAEC\"}").body())
          .isEqualTo("{\"payload\":\"AAEC\"}");
      assertThat(Http.postJson(port, "/echo", "{}").statusCode()).isEqualTo(400);
      assertThat(server.terminate()).isZero();
      assertThat(server.linesAfterReady()).isEmpty();
    }
  }
}
