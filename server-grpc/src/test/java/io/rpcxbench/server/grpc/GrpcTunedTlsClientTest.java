package io.rpcxbench.server.grpc;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

/** The grpc-tuned client contract over grpc-java's TLS on both ends (JDK provider). */
class GrpcTunedTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new GrpcTunedProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) {
    return GrpcBenchServer.start(
        "127.0.0.1", port, true, ServerLimits.defaults(), new BenchLogic(), tls);
  }
}
