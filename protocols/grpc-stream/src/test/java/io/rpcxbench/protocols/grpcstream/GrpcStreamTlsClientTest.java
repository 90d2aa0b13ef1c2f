package io.rpcxbench.protocols.grpcstream;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

/** The gRPC bidi stream's client contract over grpc-java's TLS on both ends. */
class GrpcStreamTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new GrpcStreamProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) throws Exception {
    return GrpcStreamServer.start(
        "127.0.0.1", port, false, ServerLimits.defaults(), new BenchLogic(), tls);
  }
}
