package io.rpcxbench.server.grpc;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

/** The grpc client contract over grpc-java's TLS on both ends (JDK provider). */
class GrpcTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new GrpcProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) {
    return GrpcBenchServer.start(
        "127.0.0.1", port, false, ServerLimits.defaults(), new BenchLogic(), tls);
  }
}
