package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.spi.ProtocolProvider;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lettuce against our server: the contract and its catalog entry. */
class RespLettuceClientTest extends OurServerClientContract {
  @Override
  protected ProtocolProvider provider() {
    return new RespLettuceProtocol();
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("resp-lettuce");
    assertThat(p.label()).isEqualTo("RESP (Lettuce)");
    assertThat(p.type()).isEqualTo(15);
    assertThat(p.defaultPort()).isEqualTo(8094);
    assertThat(p.server().jar()).isEqualTo("protocols/resp/target/resp-server.jar");
    assertThat(p.server().args()).isEqualTo(List.of());
    assertThat(p.server().external()).isEqualTo("");
  }
}
