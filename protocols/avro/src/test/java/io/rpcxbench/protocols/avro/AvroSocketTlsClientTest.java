package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

/** Avro over raw sockets: the client contract over TLS: JDK SSLSocket and SSLServerSocket. */
class AvroSocketTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new AvroSocketProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) throws Exception {
    return AvroSocketServer.start(
        "127.0.0.1", port, ServerLimits.defaults(), new BenchLogic(), tls);
  }
}
