package io.rpcxbench.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.rpcxbench.server.grpc.wire.BenchGrpc;
import io.rpcxbench.server.grpc.wire.HelloReply;
import io.rpcxbench.server.grpc.wire.HelloRequest;
import io.rpcxbench.serverkit.ServerLimits;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 30: a call whose request never comes is reset at the frame deadline. (A stock client
 * flushes a unary call's HEADERS only with its message, so the test opens helloStream, whose
 * HEADERS go out at once; on the server the first message of every method is due.)
 */
class GrpcDeadlineTest {
  @Test
  void aStreamThatNeverSendsItsRequestIsResetAtTheFrameDeadline() throws Exception {
    ServerLimits limits = ServerLimits.defaults().withFrameDeadline(Duration.ofMillis(500));
    try (GrpcBenchServer server = GrpcBenchServer.start("127.0.0.1", 0, false, limits)) {
      ManagedChannel channel =
          ManagedChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
      try {
        ClientCall<HelloRequest, HelloReply> call =
            channel.newCall(BenchGrpc.getHelloStreamMethod(), CallOptions.DEFAULT);
        CompletableFuture<Status> closed = new CompletableFuture<>();
        call.start(
            new ClientCall.Listener<>() {
              @Override
              public void onClose(Status status, Metadata trailers) {
                closed.complete(status);
              }
            },
            new Metadata());
        call.request(1); // HEADERS only: the request message never follows
        Status status = closed.get(30, TimeUnit.SECONDS);
        assertThat(status.getCode()).isIn(Status.Code.DEADLINE_EXCEEDED, Status.Code.CANCELLED);
        HelloReply reply =
            BenchGrpc.newBlockingStub(channel)
                .hello(HelloRequest.newBuilder().setName("after").build());
        assertThat(reply.getMessage()).isEqualTo("hello, after");
      } finally {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
      }
    }
  }
}
