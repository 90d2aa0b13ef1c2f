package io.rpcxbench.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.StreamObserver;
import io.rpcxbench.server.grpc.wire.BenchGrpc;
import io.rpcxbench.server.grpc.wire.EchoReply;
import io.rpcxbench.server.grpc.wire.EchoRequest;
import io.rpcxbench.server.grpc.wire.HelloReply;
import io.rpcxbench.server.grpc.wire.HelloRequest;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GrpcBenchServerTest {

  @ParameterizedTest(name = "directExecutor={0}")
  @ValueSource(booleans = {false, true})
  void helloRepliesWithTheContractText(boolean directExecutor) throws Exception {
    try (GrpcBenchServer server = GrpcBenchServer.start("127.0.0.1", 0, directExecutor);
        Client client = new Client(server.port())) {
      assertThat(server.port()).isPositive();
      HelloReply reply =
          client.blocking().hello(HelloRequest.newBuilder().setName("world").build());
      assertThat(reply.getMessage()).isEqualTo("hello, world");
      assertThatThrownBy(() -> client.blocking().hello(HelloRequest.getDefaultInstance()))
          .hasMessageContaining("INVALID_ARGUMENT: hello: name is required");
      HelloReply empty = client.blocking().hello(HelloRequest.newBuilder().setName("").build());
      assertThat(empty.getMessage()).isEqualTo("hello, ");
    }
  }

  @ParameterizedTest(name = "{0} bytes")
  @ValueSource(ints = {0, 1, 64, 1024, 65_536, 1 << 20})
  void echoReturnsThePayloadUnchanged(int size) throws Exception {
    byte[] payload = new byte[size];
    new Random(size).nextBytes(payload);
    try (GrpcBenchServer server = GrpcBenchServer.start("127.0.0.1", 0, false);
        Client client = new Client(server.port())) {
      EchoReply reply =
          client
              .blocking()
              .echo(EchoRequest.newBuilder().setPayload(ByteString.copyFrom(payload)).build());
      assertThat(reply.getPayload().toByteArray()).isEqualTo(payload);
    }
  }

  @ParameterizedTest(name = "directExecutor={0}")
  @ValueSource(booleans = {false, true})
  void helloStreamAnswersEachRequestInOrder(boolean directExecutor) throws Exception {
    int n = 500;
    try (GrpcBenchServer server = GrpcBenchServer.start("127.0.0.1", 0, directExecutor);
        Client client = new Client(server.port())) {
      List<String> replies = new ArrayList<>();
      CompletableFuture<Void> done = new CompletableFuture<>();
      StreamObserver<HelloRequest> requests =
          BenchGrpc.newStub(client.channel)
              .helloStream(
                  new StreamObserver<>() {
                    @Override
                    public void onNext(HelloReply reply) {
                      replies.add(reply.getMessage());
                    }

                    @Override
                    public void onError(Throwable t) {
                      done.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                      done.complete(null);
                    }
                  });
      List<String> expected = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        requests.onNext(HelloRequest.newBuilder().setName("n" + i).build());
        expected.add("hello, n" + i);
      }
      requests.onCompleted();
      done.get(30, TimeUnit.SECONDS);
      assertThat(replies).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void busyPortIsAOneLineError() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      assertThatThrownBy(() -> GrpcBenchServer.start("127.0.0.1", port, false))
          .isInstanceOf(UncheckedIOException.class)
          .hasMessage("cannot listen on 127.0.0.1:" + port + ": address already in use");
    }
  }

  @Test
  void closeIsIdempotentAndFreesThePort() throws Exception {
    GrpcBenchServer server = GrpcBenchServer.start("127.0.0.1", 0, false);
    int port = server.port();
    server.close();
    server.close();
    try (GrpcBenchServer again = GrpcBenchServer.start("127.0.0.1", port, false)) {
      assertThat(again.port()).isEqualTo(port);
    }
  }

  /** A plaintext channel to the server under test. */
  static final class Client implements AutoCloseable {
    final ManagedChannel channel;

    Client(int port) {
      channel = ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    }

    BenchGrpc.BenchBlockingStub blocking() {
      return BenchGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }
}
