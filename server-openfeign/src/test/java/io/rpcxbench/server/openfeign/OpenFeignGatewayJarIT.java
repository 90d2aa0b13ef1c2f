package io.rpcxbench.server.openfeign;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.testsupport.ServerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * {@code target/server-openfeign-gateway.jar}: the server with the OpenFeign client's libraries,
 * run only as a chain's gateway. It must serve what the lean jar serves and nothing more: Spring
 * Cloud's auto-configuration adds no endpoint (no actuator, refresh or features).
 */
class OpenFeignGatewayJarIT {
  private static final Path LEAN = Path.of("target/server-openfeign.jar");
  private static final Path GATEWAY = Path.of("target/server-openfeign-gateway.jar");

  /** Paths that Spring Cloud or the actuator would add, and a few that exist. */
  private static final List<String> PROBES =
      List.of(
          "/hello",
          "/items",
          "/actuator",
          "/actuator/health",
          "/actuator/refresh",
          "/actuator/features",
          "/refresh",
          "/features",
          "/env",
          "/health");

  @Test
  void theGatewayJarHoldsTheClientsLibraries() throws Exception {
    try (JarFile jar = new JarFile(GATEWAY.toFile())) {
      assertThat(jar.stream().map(e -> e.getName()).filter(n -> n.startsWith("BOOT-INF/lib/")))
          .anyMatch(n -> n.contains("tomcat-embed-core"))
          .anyMatch(n -> n.contains("feign-core"))
          .anyMatch(n -> n.contains("spring-cloud-openfeign-core"))
          .noneMatch(n -> n.contains("actuator"));
    }
  }

  @Test
  void aGatewayOfTheLeanServerServesTheSameEndpointsAndNothingMore() throws Exception {
    try (ServerProcess service = start("openfeign", LEAN, List.of())) {
      int servicePort = service.awaitReadyPort();
      try (ServerProcess gateway =
          start(
              "openfeign",
              GATEWAY,
              List.of("--chain-to", "127.0.0.1:" + servicePort, "--chain-timeout", "30s"))) {
        int port = gateway.awaitReadyPort();
        assertThat(gateway.readyLine()).isEqualTo("openfeign listening on 127.0.0.1:" + port);
        try (BenchClient client = new OpenFeignProtocol().open(options(port))) {
          assertThat(client.hello("chain")).isEqualTo("hello, chain");
          assertThat(client.items(3)).hasSize(3);
        }
        for (String path : PROBES) {
          assertThat(Http.get(port, path).statusCode())
              .as("GET " + path + " on the gateway jar vs the lean jar")
              .isEqualTo(Http.get(servicePort, path).statusCode());
        }
        assertThat(Http.get(port, "/actuator").statusCode()).isEqualTo(404);
        assertThat(gateway.terminate()).isZero();
      }
    }
  }

  private static ServerProcess start(String name, Path jar, List<String> extra) throws Exception {
    assertThat(jar).exists();
    List<String> args =
        new ArrayList<>(List.of("-jar", jar.toString(), "--bind", "127.0.0.1", "--port", "0"));
    args.addAll(extra);
    return ServerProcess.start(name, args);
  }

  private static ClientOptions options(int port) {
    return new ClientOptions("127.0.0.1", port, Duration.ofSeconds(60), Duration.ofSeconds(5), 1);
  }
}
