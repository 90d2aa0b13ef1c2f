package io.rpcxbench.harness;

import com.google.protobuf.ByteString;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.rpcxbench.api.grpc.BenchGrpc;
import io.rpcxbench.api.grpc.EchoRequest;
import io.rpcxbench.api.grpc.HelloRequest;
import io.rpcxbench.harness.spi.BenchClient;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * gRPC as grpc-java's examples write it: one {@link ManagedChannel} (plaintext, Netty shaded,
 * defaults), a blocking stub, a deadline on every call.
 */
final class GrpcBenchClient implements BenchClient {
  private final ManagedChannel channel;
  private final BenchGrpc.BenchBlockingStub stub;
  private final long deadlineNanos;
  private final String description;

  private GrpcBenchClient(ManagedChannel channel, long deadlineNanos, String description) {
    this.channel = channel;
    this.stub = BenchGrpc.newBlockingStub(channel);
    this.deadlineNanos = deadlineNanos;
    this.description = description;
  }

  static GrpcBenchClient open(RunConfig config) {
    ManagedChannelBuilder<?> builder =
        ManagedChannelBuilder.forAddress(config.host(), config.grpcPort()).usePlaintext();
    if (config.grpcDirectExecutor()) {
      builder.directExecutor();
    }
    String description =
        "grpc-java " + BuildInfo.get("grpc.version")
            + ": one ManagedChannel (ManagedChannelBuilder.forAddress, usePlaintext, "
            + (config.grpcDirectExecutor() ? "directExecutor" : "default executor")
            + "), blocking stub, withDeadlineAfter(" + config.timeout() + ") per call";
    return new GrpcBenchClient(builder.build(), config.timeout().toNanos(), description);
  }

  @Override
  public String hello(String name) {
    return hello(stub, deadlineNanos, name);
  }

  @Override
  public byte[] echo(byte[] payload) {
    return echo(stub, deadlineNanos, payload);
  }

  private static String hello(BenchGrpc.BenchBlockingStub stub, long deadlineNanos, String name) {
    return stub.withDeadlineAfter(deadlineNanos, TimeUnit.NANOSECONDS)
        .hello(HelloRequest.newBuilder().setName(name).build())
        .getMessage();
  }

  private static byte[] echo(BenchGrpc.BenchBlockingStub stub, long deadlineNanos, byte[] payload) {
    return stub.withDeadlineAfter(deadlineNanos, TimeUnit.NANOSECONDS)
        .echo(EchoRequest.newBuilder().setPayload(ByteString.copyFrom(payload)).build())
        .getPayload()
        .toByteArray();
  }

  /** ManagedChannelBuilder has no connect timeout: the probe's deadline stands in for it. */
  @Override
  public BenchClient forProbe(Duration connectTimeout) {
    GrpcBenchClient owner = this;
    long probeNanos = connectTimeout.toNanos();
    return new BenchClient() {
      @Override
      public String hello(String name) {
        return GrpcBenchClient.hello(owner.stub, probeNanos, name);
      }

      @Override
      public byte[] echo(byte[] payload) {
        return GrpcBenchClient.echo(owner.stub, probeNanos, payload);
      }

      @Override
      public String describe() {
        return owner.describe();
      }

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
