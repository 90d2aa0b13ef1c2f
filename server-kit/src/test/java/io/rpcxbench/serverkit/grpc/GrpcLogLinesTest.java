package io.rpcxbench.serverkit.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** grpc-java's java.util.logging lines go through one rate-limited handler, not the console. */
class GrpcLogLinesTest {
  @Test
  void grpcLoggersUseTheRateLimitedHandlerOnly() {
    GrpcLogLines.install();
    GrpcLogLines.install();
    Logger grpc = Logger.getLogger("io.grpc");
    assertThat(grpc.getUseParentHandlers()).isFalse();
    Handler[] handlers = grpc.getHandlers();
    assertThat(Arrays.stream(handlers).filter(h -> h instanceof GrpcLogLines)).hasSize(1);
    Logger transport = Logger.getLogger("io.grpc.netty.shaded.io.grpc.netty.NettyServerTransport");
    for (int i = 0; i < 1000; i++) { // one line, not a thousand traces
      transport.log(Level.INFO, "Transport failed", new IllegalStateException("fuzz " + i));
    }
  }
}
