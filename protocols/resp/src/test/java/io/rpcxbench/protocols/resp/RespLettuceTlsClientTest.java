package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;
import io.rpcxbench.tls.TlsSessionSharing;
import org.junit.jupiter.api.Test;

/**
 * Lettuce's TLS (SslOptions) against our server's Netty SslHandler: the client contract over TLS.
 */
class RespLettuceTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new RespLettuceProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) throws Exception {
    return RespServer.start("127.0.0.1", port, ServerLimits.defaults(), new BenchLogic(), tls);
  }

  /**
   * Lettuce builds a Netty context of its own from SslOptions for each connection: no context from
   * tls-kit, so {@code rpcx-bench handshake --sessions resumed} says it cannot share.
   */
  @Test
  void lettuceBuildsItsOwnTlsAndTakesNoSharedContext() throws Exception {
    try (RunningServer server = startServer(0);
        TlsSessionSharing sharing = TlsSessionSharing.open()) {
      TlsSessionSharing.Mark before = sharing.mark();
      try (BenchClient client = provider().open(clientOptions(server.port()))) {
        assertThat(client.hello("x")).isEqualTo("hello, x");
      }
      assertThat(sharing.since(before)).isEqualTo(TlsSessionSharing.Outcome.OWN_TLS);
    }
  }
}
