package io.rpcxbench.protocols.grpcstream;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientContract;

/** The contract again, against the server with {@code --direct-executor}. */
class GrpcStreamDirectExecutorClientTest extends BenchClientContract {
  @Override
  protected ProtocolProvider provider() {
    return new GrpcStreamProtocol();
  }

  @Override
  protected RunningServer startServer(int port) {
    return GrpcStreamClientTest.start(port, true);
  }
}
