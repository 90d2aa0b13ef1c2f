package io.rpcxbench.protocols.bert;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

/** BERT-RPC client contract over TLS: a JDK SSLSocket against Netty's SslHandler. */
class BertTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new BertProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) throws Exception {
    return BertServer.start("127.0.0.1", port, ServerLimits.defaults(), new BenchLogic(), tls);
  }
}
