package io.rpcxbench.period.client;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.rpcxbench.server.grpc.wire.BenchGrpc;
import io.rpcxbench.server.grpc.wire.HelloRequest;
import java.util.concurrent.TimeUnit;

/**
 * grpc-java as server-grpc's {@code GrpcBenchClient} (the harness's {@code grpc}) calls it: one
 * ManagedChannel (ManagedChannelBuilder.forAddress, usePlaintext, default executor), a blocking
 * stub, a deadline per call. The stubs are generated from server-grpc's own bench.proto.
 */
final class GrpcHelloCaller implements HelloCaller {
  private static final long DEADLINE_S = 30;

  private final ManagedChannel channel;
  private final BenchGrpc.BenchBlockingStub stub;

  GrpcHelloCaller(String host, int port) {
    this.channel = ManagedChannelBuilder.forAddress(host, port).usePlaintext().build();
    this.stub = BenchGrpc.newBlockingStub(channel);
  }

  @Override
  public String hello(String name) {
    return stub.withDeadlineAfter(DEADLINE_S, TimeUnit.SECONDS)
        .hello(HelloRequest.newBuilder().setName(name).build())
        .getMessage();
  }

  @Override
  public String describe() {
    return "grpc-java: one ManagedChannel (ManagedChannelBuilder.forAddress, usePlaintext, default"
        + " executor), blocking stub, withDeadlineAfter("
        + DEADLINE_S
        + " s) per call";
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
