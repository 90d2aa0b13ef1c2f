package io.rpcxbench.protocols.grpcstream;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.CompressionContract;

/**
 * {@code --compression gzip} for the stream: grpc-java's gzip codec compresses every request
 * message on the one stream and the server answers in kind, so a compressible payload crosses the
 * wire smaller both ways; without it, it does not.
 */
class GrpcStreamCompressionTest extends CompressionContract {
  @Override
  protected RunningServer startServer() throws Exception {
    return GrpcStreamServer.start("127.0.0.1", 0, false);
  }

  @Override
  protected ProtocolProvider provider() {
    return new GrpcStreamProtocol();
  }

  @Override
  protected String codec() {
    return "gzip";
  }
}
