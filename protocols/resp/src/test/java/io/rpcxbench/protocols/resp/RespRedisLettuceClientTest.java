package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.spi.ProtocolProvider;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lettuce against a real redis-server: the contract and its catalog entry. */
class RespRedisLettuceClientTest extends RedisServerClientContract {
  @Override
  protected ProtocolProvider provider() {
    return new RespLettuceRedisProtocol();
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("resp-lettuce-redis");
    assertThat(p.label()).isEqualTo("RESP, real redis-server (Lettuce)");
    assertThat(p.type()).isEqualTo(17);
    assertThat(p.defaultPort()).isEqualTo(8095);
    assertThat(p.server().jar()).isEqualTo("protocols/resp/target/resp-server.jar");
    assertThat(p.server().args()).isEqualTo(List.of("--backend", "redis-server"));
    assertThat(p.server().external()).isEqualTo("redis-server");
  }
}
