package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.config.HostList;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.spi.ClientOptions;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code --host}: one host or several, each with an optional port. */
class HostListTest {
  @Test
  void oneHostTakesTheProtocolsPort() {
    assertThat(HostList.parse("198.18.0.2").servers(8081))
        .containsExactly(InetSocketAddress.createUnresolved("198.18.0.2", 8081));
  }

  @Test
  void severalHostsKeepTheirOrderAndOwnPorts() {
    assertThat(HostList.parse("a:9001, b ,[::1]:9003,::2").servers(7000))
        .containsExactly(
            InetSocketAddress.createUnresolved("a", 9001),
            InetSocketAddress.createUnresolved("b", 7000),
            InetSocketAddress.createUnresolved("::1", 9003),
            InetSocketAddress.createUnresolved("::2", 7000));
  }

  @Test
  void theClientIsToldEveryServerAndTheFirstAsHostAndPort() {
    Protocol rpcx = Protocol.parse("rpcx");
    RunConfig config =
        TestConfig.of(Path.of("unused"), rpcx)
            .host("127.0.0.1:9001,127.0.0.1")
            .ports(Map.of("rpcx", 9002))
            .timeout(Duration.ofSeconds(2))
            .build();

    ClientOptions options = config.clientOptions(rpcx);

    assertThat(options.host()).isEqualTo("127.0.0.1");
    assertThat(options.port()).isEqualTo(9001);
    assertThat(options.targets()).isEqualTo("127.0.0.1:9001,127.0.0.1:9002");
    assertThat(config.clientOptions(rpcx).targets()).isEqualTo("127.0.0.1:9001,127.0.0.1:9002");
  }
}
