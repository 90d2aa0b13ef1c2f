package io.rpcxbench.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.DynamicMessage;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.service.MessageShapedService;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.testsupport.ByteCountingProxy;
import io.rpcxbench.testsupport.CompressionContract;
import io.rpcxbench.testsupport.MessageCarrierContract;
import org.junit.jupiter.api.Test;

/** GrpcProtocol's message carrier (DynamicMessage marshallers) against the real gRPC server. */
class GrpcMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new GrpcProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) {
    return GrpcBenchServer.start("127.0.0.1", 0, false, limits, service);
  }

  /**
   * {@code --compression gzip} compresses a message call as it does the contract's calls: a
   * compressible record crosses the wire in under a tenth of its plain bytes, both ways (the
   * message client had ignored it while its file said gzip, and the message service answered
   * plain).
   */
  @Test
  void withGzipACompressibleMessageCrossesTheWireCompressed() throws Exception {
    try (RunningServer server =
        startServer(
            ServerLimits.defaults(), new MessageShapedService(shape().spec(), new BenchLogic()))) {
      long[] plain = wireBytes(server.port(), ClientOptions.NO_COMPRESSION);
      long[] gzip = wireBytes(server.port(), "gzip");
      CompressionContract.assertShrinks(plain, gzip);
    }
  }

  /**
   * Request and reply bytes of {@link CompressionContract#CALLS} echoed records with a compressible
   * field, after one that warms up.
   */
  private long[] wireBytes(int port, String compression) throws Exception {
    try (ByteCountingProxy proxy = ByteCountingProxy.start(port);
        MessageClient c =
            provider()
                .openMessages(options(proxy.port()).withCompression(compression), shape().type())) {
      DynamicMessage record =
          shape().record(0).toBuilder()
              .setField(
                  shape().type().findFieldByName("raw"),
                  ByteString.copyFrom(CompressionContract.COMPRESSIBLE))
              .build();
      c.call(record, MessageReply.ECHO);
      long up = proxy.requestBytes();
      long down = proxy.replyBytes();
      for (int i = 0; i < CompressionContract.CALLS; i++) {
        assertThat(c.call(record, MessageReply.ECHO)).isEqualTo(record);
      }
      return new long[] {proxy.requestBytes() - up, proxy.replyBytes() - down};
    }
  }

  /** grpc-java's status for a message over maxInboundMessageSize. */
  @Override
  protected String tooLargeError() {
    return "RESOURCE_EXHAUSTED";
  }
}
