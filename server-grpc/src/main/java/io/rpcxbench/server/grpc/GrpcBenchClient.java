package io.rpcxbench.server.grpc;

import com.google.protobuf.ByteString;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.rpcxbench.api.Item;
import io.rpcxbench.server.grpc.wire.BenchGrpc;
import io.rpcxbench.server.grpc.wire.EchoRequest;
import io.rpcxbench.server.grpc.wire.HelloRequest;
import io.rpcxbench.server.grpc.wire.ItemsRequest;
import io.rpcxbench.server.grpc.wire.PutRequest;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * gRPC-java as its examples write a client: one {@link ManagedChannel} (plaintext), a blocking
 * stub, a deadline per call. A null argument is left unset (proto3 {@code optional}), which the
 * server rejects.
 */
class GrpcBenchClient implements BenchClient {
  private final ManagedChannel channel;
  private final BenchGrpc.BenchBlockingStub stub;
  private final long deadlineNanos;
  private final String description;

  private GrpcBenchClient(
      ManagedChannel channel,
      BenchGrpc.BenchBlockingStub stub,
      long deadlineNanos,
      String description) {
    this.channel = channel;
    this.stub = stub;
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
            + ") per call";
    ManagedChannel channel = builder.build();
    return new GrpcBenchClient(
        channel, BenchGrpc.newBlockingStub(channel), options.callTimeout().toNanos(), description);
  }

  private static String grpcVersion() {
    String version = ManagedChannel.class.getPackage().getImplementationVersion();
    return version != null ? version : "(version unknown)";
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
