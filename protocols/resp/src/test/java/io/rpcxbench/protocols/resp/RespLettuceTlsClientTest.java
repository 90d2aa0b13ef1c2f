package io.rpcxbench.protocols.resp;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

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
}
