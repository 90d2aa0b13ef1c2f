package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

/** Avro IPC's client contract over TLS: Netty's SslHandler in NettyTransceiver and NettyServer. */
class AvroIpcTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new AvroIpcProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) throws Exception {
    return AvroIpcServer.start("127.0.0.1", port, ServerLimits.defaults(), new BenchLogic(), tls);
  }
}
