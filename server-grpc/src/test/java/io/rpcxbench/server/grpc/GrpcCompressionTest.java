package io.rpcxbench.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.CompressionContract;
import org.junit.jupiter.api.Test;

/**
 * {@code --compression gzip}: grpc-java's gzip codec compresses the requests and the server answers
 * in kind, so a compressible payload crosses the wire smaller both ways; without it, it does not.
 */
class GrpcCompressionTest extends CompressionContract {
  @Override
  protected RunningServer startServer() throws Exception {
    return GrpcBenchServer.start(
        "127.0.0.1", 0, false, ServerLimits.defaults(), new BenchLogic(), null);
  }

  @Override
  protected ProtocolProvider provider() {
    return new GrpcProtocol();
  }

  @Override
  protected String codec() {
    return "gzip";
  }

  @Test
  void theTunedVariantOffersGzipToo() {
    assertThat(new GrpcTunedProtocol().compressions()).containsExactly("gzip");
  }
}
