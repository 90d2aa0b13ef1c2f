package io.rpcxbench.protocols.tcpprotobuf;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

/** Raw TCP + Protobuf's client contract over TLS: JDK SSLSocket and SSLServerSocket. */
class TcpProtobufTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new TcpProtobufProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) throws Exception {
    return TcpProtobufServer.start(
        "127.0.0.1", port, ServerLimits.defaults(), new BenchLogic(), tls);
  }
}
