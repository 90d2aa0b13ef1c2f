package io.rpcxbench.server.openfeign;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientContract;
import org.junit.jupiter.api.Test;

/** The OpenFeign plug-in's client against the real Spring Boot server. */
class OpenFeignClientTest extends BenchClientContract {
  @Override
  protected ProtocolProvider provider() {
    return new OpenFeignProtocol();
  }

  @Override
  protected RunningServer startServer(int port) {
    return OpenFeignBenchServer.start("127.0.0.1", port);
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("openfeign");
    assertThat(p.type()).isEqualTo(3);
    assertThat(p.defaultPort()).isEqualTo(8083);
    assertThat(p.label()).isEqualTo("Spring Cloud OpenFeign");
    assertThat(p.server().jar()).isEqualTo("server-openfeign/target/server-openfeign.jar");
    assertThat(client().describe())
        .startsWith("Spring Cloud 2025.0.")
        .contains("on Spring Boot 3.5.", "read-timeout 5000 ms")
        .contains("@FeignClient on feign.Client.Default,");
  }
}
