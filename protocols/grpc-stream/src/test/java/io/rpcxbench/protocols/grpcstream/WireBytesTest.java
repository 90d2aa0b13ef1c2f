package io.rpcxbench.protocols.grpcstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.protocols.grpcstream.wire.CallReply;
import io.rpcxbench.protocols.grpcstream.wire.CallRequest;
import io.rpcxbench.protocols.grpcstream.wire.Hello;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.testsupport.Await;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The bytes on the wire per hello("world"), quoted in the README. */
class WireBytesTest {
  /** HTTP/2 DATA frame header + gRPC length-prefixed-message header. */
  private static final int FRAMING = 9 + 5;

  private static final int CALLS = 2000;

  @Test
  void helloWorldMessagesAndFrames() {
    // ids 128..16383 take a 2-byte varint: the ids of a run after its first 127 calls
    CallRequest request =
        CallRequest.newBuilder().setId(1000).setHello(Hello.newBuilder().setName("world")).build();
    CallReply reply = CallReply.newBuilder().setId(1000).setHello("hello, world").build();
    assertThat(request.getSerializedSize()).isEqualTo(12);
    assertThat(reply.getSerializedSize()).isEqualTo(17);
    assertThat(FRAMING + request.getSerializedSize()).isEqualTo(26);
    assertThat(FRAMING + reply.getSerializedSize()).isEqualTo(31);
  }

  @Test
  void measuredThroughAProxyEachCallCostsAboutOneDataFrameEachWay() throws Exception {
    try (GrpcStreamServer server = GrpcStreamServer.start("127.0.0.1", 0, false);
        CountingProxy proxy = new CountingProxy(server.port());
        BenchClient client =
            new GrpcStreamProtocol()
                .open(
                    new ClientOptions(
                        "127.0.0.1",
                        proxy.port(),
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(5),
                        1))) {
      for (int i = 0; i < 200; i++) { // ids past 127, stream and flow-control windows settled
        client.hello("world");
      }
      awaitQuiet(proxy, "the warm-up's trailing frames");
      proxy.reset();
      for (int i = 0; i < CALLS; i++) {
        client.hello("world");
      }
      awaitQuiet(proxy, "the measured calls' trailing frames");
      double out = (double) proxy.toServer.get() / CALLS;
      double back = (double) proxy.toClient.get() / CALLS;
      System.out.printf(
          "grpc-stream hello(\"world\"): %.2f B out, %.2f B back per call%n", out, back);
      // at least the DATA frame; anything above is amortised WINDOW_UPDATE/PING frames
      assertThat(out).isGreaterThanOrEqualTo(26.0).isLessThan(26.0 * 2);
      assertThat(back).isGreaterThanOrEqualTo(31.0).isLessThan(31.0 * 2);
    }
  }

  /** Trailing WINDOW_UPDATE/PING frames have passed the proxy: its counters stopped moving. */
  private static void awaitQuiet(CountingProxy proxy, String what) {
    Await.quiet(
        what + " through the proxy",
        Duration.ofMillis(200),
        Duration.ofSeconds(10),
        proxy.toServer::get,
        proxy.toClient::get);
  }
}
