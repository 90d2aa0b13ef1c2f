package io.rpcxbench.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ServerLaunchTest {

  @Test
  void theServerJarIsItsOwnGatewayByDefault() {
    ServerLaunch launch = ServerLaunch.jar("s/target/s.jar").withArgs("--x");

    assertThat(launch.gatewayJar()).isEqualTo("s/target/s.jar");
    assertThat(new ServerLaunch("a.jar", List.of(), "", "").gatewayJar()).isEqualTo("a.jar");
    assertThat(new ServerLaunch("a.jar", List.of(), "", null).gatewayJar()).isEqualTo("a.jar");
  }

  @Test
  void aGatewayJarSurvivesNewArguments() {
    ServerLaunch launch = ServerLaunch.jar("s.jar").withGatewayJar("s-gateway.jar").withArgs("--x");

    assertThat(launch.jar()).isEqualTo("s.jar");
    assertThat(launch.gatewayJar()).isEqualTo("s-gateway.jar");
    assertThat(launch.args()).containsExactly("--x");
  }
}
