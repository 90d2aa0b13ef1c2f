package io.rpcxbench.server.grpc;

import com.google.protobuf.ByteString;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.StreamObserver;
import io.rpcxbench.api.Item;
import io.rpcxbench.server.grpc.wire.BenchGrpc;
import io.rpcxbench.server.grpc.wire.EchoReply;
import io.rpcxbench.server.grpc.wire.EchoRequest;
import io.rpcxbench.server.grpc.wire.HelloReply;
import io.rpcxbench.server.grpc.wire.HelloRequest;
import io.rpcxbench.server.grpc.wire.ItemsReply;
import io.rpcxbench.server.grpc.wire.ItemsRequest;
import io.rpcxbench.server.grpc.wire.PutReply;
import io.rpcxbench.server.grpc.wire.PutRequest;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * gRPC-java as its examples write a client: one {@link ManagedChannel} (plaintext), a blocking
 * stub, a deadline per call. A null argument is left unset (proto3 {@code optional}), which the
 * server rejects. The async forms use the async stub on the same channel (grpc-java's {@code
 * qps/AsyncClient} way): the reply completes a future on the channel's executor.
 */
class GrpcBenchClient implements BenchClient {
  private final ManagedChannel channel;
  private final BenchGrpc.BenchBlockingStub stub;
  private final BenchGrpc.BenchStub asyncStub;
  private final long deadlineNanos;
  private final String description;

  private GrpcBenchClient(
      ManagedChannel channel,
      BenchGrpc.BenchBlockingStub stub,
      long deadlineNanos,
      String description) {
    this.channel = channel;
    this.stub = stub;
    this.asyncStub = BenchGrpc.newStub(channel);
    this.deadlineNanos = deadlineNanos;
    this.description = description;
  }

  static GrpcBenchClient open(ClientOptions options, boolean directExecutor) {
    ManagedChannelBuilder<?> builder =
        ManagedChannelBuilder.forAddress(options.host(), options.port()).usePlaintext();
    if (directExecutor) {
      builder.directExecutor();
    }
    String description =
        "grpc-java "
            + grpcVersion()
            + ": one ManagedChannel (ManagedChannelBuilder.forAddress, usePlaintext, "
            + (directExecutor ? "directExecutor" : "default executor")
            + "), blocking stub, withDeadlineAfter("
            + options.callTimeout()
            + ") per call; async calls: async stub on the same channel";
    ManagedChannel channel = builder.build();
    return new GrpcBenchClient(
        channel, BenchGrpc.newBlockingStub(channel), options.callTimeout().toNanos(), description);
  }

  private static String grpcVersion() {
    // fat jars drop the libraries' manifests: the build's list of versions instead
    return io.rpcxbench.spi.StackVersions.of("server-grpc").version("grpc-api");
  }

  private BenchGrpc.BenchBlockingStub call() {
    return stub.withDeadlineAfter(deadlineNanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public String hello(String name) {
    HelloRequest.Builder request = HelloRequest.newBuilder();
    if (name != null) {
      request.setName(name);
    }
    return call().hello(request.build()).getMessage();
  }

  @Override
  public byte[] echo(byte[] payload) {
    EchoRequest.Builder request = EchoRequest.newBuilder();
    if (payload != null) {
      request.setPayload(ByteString.copyFrom(payload));
    }
    return call().echo(request.build()).getPayload().toByteArray();
  }

  @Override
  public boolean put(String key, byte[] value) {
    PutRequest.Builder request = PutRequest.newBuilder();
    if (key != null) {
      request.setKey(key);
    }
    if (value != null) {
      request.setValue(ByteString.copyFrom(value));
    }
    return call().put(request.build()).getOk();
  }

  @Override
  public List<Item> items(int n) {
    return ItemMessages.fromWire(call().items(ItemsRequest.newBuilder().setN(n).build()));
  }

  @Override
  public boolean isAsync() {
    return true;
  }

  private BenchGrpc.BenchStub asyncCall() {
    return asyncStub.withDeadlineAfter(deadlineNanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public CompletableFuture<String> helloAsync(String name) {
    HelloRequest.Builder request = HelloRequest.newBuilder();
    if (name != null) {
      request.setName(name);
    }
    Reply<HelloReply, String> reply = new Reply<>(r -> r.getMessage());
    asyncCall().hello(request.build(), reply);
    return reply.future;
  }

  @Override
  public CompletableFuture<byte[]> echoAsync(byte[] payload) {
    EchoRequest.Builder request = EchoRequest.newBuilder();
    if (payload != null) {
      request.setPayload(ByteString.copyFrom(payload));
    }
    Reply<EchoReply, byte[]> reply = new Reply<>(r -> r.getPayload().toByteArray());
    asyncCall().echo(request.build(), reply);
    return reply.future;
  }

  @Override
  public CompletableFuture<Boolean> putAsync(String key, byte[] value) {
    PutRequest.Builder request = PutRequest.newBuilder();
    if (key != null) {
      request.setKey(key);
    }
    if (value != null) {
      request.setValue(ByteString.copyFrom(value));
    }
    Reply<PutReply, Boolean> reply = new Reply<>(r -> r.getOk());
    asyncCall().put(request.build(), reply);
    return reply.future;
  }

  @Override
  public CompletableFuture<List<Item>> itemsAsync(int n) {
    Reply<ItemsReply, List<Item>> reply = new Reply<>(ItemMessages::fromWire);
    asyncCall().items(ItemsRequest.newBuilder().setN(n).build(), reply);
    return reply.future;
  }

  /** A unary call's observer that completes a future with the converted reply or the failure. */
  private static final class Reply<M, T> implements StreamObserver<M> {
    final CompletableFuture<T> future = new CompletableFuture<>();
    private final Function<M, T> convert;

    Reply(Function<M, T> convert) {
      this.convert = convert;
    }

    @Override
    public void onNext(M message) {
      try {
        future.complete(convert.apply(message));
      } catch (RuntimeException e) {
        future.completeExceptionally(e);
      }
    }

    @Override
    public void onError(Throwable failure) {
      future.completeExceptionally(failure);
    }

    @Override
    public void onCompleted() {
      // a unary reply: onNext has completed the future already (else onError has)
    }
  }

  /** ManagedChannelBuilder has no connect timeout: the probe's deadline stands in for it. */
  @Override
  public BenchClient forProbe(Duration connectTimeout) {
    return new GrpcBenchClient(channel, stub, connectTimeout.toNanos(), description) {
      @Override
      public void close() {
        // a view on the owner's channel; the owner closes it
      }
    };
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public void close() {
    channel.shutdownNow();
    try {
      channel.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
