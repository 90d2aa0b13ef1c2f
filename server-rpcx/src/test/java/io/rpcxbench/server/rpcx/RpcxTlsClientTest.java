package io.rpcxbench.server.rpcx;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.rpcx.Transport;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

/** RPCX's client contract over TLS: Netty's SslHandler on both ends. */
class RpcxTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new RpcxProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) {
    return RpcxBenchServer.start(
        "127.0.0.1", port, Transport.NIO, ServerLimits.defaults(), new BenchLogic(), tls);
  }
}
