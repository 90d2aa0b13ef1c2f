package io.rpcxbench.server.grpc;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.MethodDescriptor;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.spi.ClientOptions;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * gRPC's client for a user's message: one plaintext {@link ManagedChannel} (direct executor for
 * grpc-tuned), a blocking unary call per message with a deadline, the {@link GrpcMessages} method
 * of the reply mode (its marshaller encodes and decodes the type read at run time).
 */
final class GrpcMessageClient implements MessageClient {
  private final ManagedChannel channel;
  private final Map<MessageReply, MethodDescriptor<Message, Message>> methods =
      new EnumMap<>(MessageReply.class);
  private final long deadlineNanos;
  private final String description;

  private GrpcMessageClient(
      ManagedChannel channel, Descriptor type, long deadlineNanos, String description) {
    this.channel = channel;
    for (MessageReply reply : MessageReply.values()) {
      methods.put(reply, GrpcMessages.method(type, reply));
    }
    this.deadlineNanos = deadlineNanos;
    this.description = description;
  }

  static GrpcMessageClient open(ClientOptions options, Descriptor type, boolean directExecutor) {
    ManagedChannelBuilder<?> builder = GrpcBenchClient.channelBuilder(options);
    if (directExecutor) {
      builder.directExecutor();
    }
    return new GrpcMessageClient(
        builder.build(),
        type,
        options.callTimeout().toNanos(),
        "grpc-java: one ManagedChannel ("
            + options
                .tlsSettings()
                .map(t -> t.mode() + " through NettyChannelBuilder.sslContext, ")
                .orElse("usePlaintext, ")
            + (directExecutor ? "directExecutor" : "default executor")
            + "), ClientCalls.blockingUnaryCall on "
            + GrpcMessages.SERVICE
            + " with a DynamicMessage marshaller of "
            + type.getFullName()
            + ", withDeadlineAfter("
            + options.callTimeout()
            + "); async: ClientCalls.asyncUnaryCall"
            + CallCompression.described(options));
  }

  @Override
  public Message call(Message record, MessageReply reply) {
    return ClientCalls.blockingUnaryCall(
        channel,
        methods.get(reply),
        CallOptions.DEFAULT.withDeadlineAfter(deadlineNanos, TimeUnit.NANOSECONDS),
        record);
  }

  /** grpc-java's own asynchronous unary call on the same channel. */
  @Override
  public boolean isAsync() {
    return true;
  }

  @Override
  public CompletableFuture<Message> callAsync(Message record, MessageReply reply) {
    CompletableFuture<Message> answer = new CompletableFuture<>();
    try {
      ClientCalls.asyncUnaryCall(
          channel.newCall(
              methods.get(reply),
              CallOptions.DEFAULT.withDeadlineAfter(deadlineNanos, TimeUnit.NANOSECONDS)),
          record,
          new StreamObserver<>() {
            @Override
            public void onNext(Message value) {
              answer.complete(value);
            }

            @Override
            public void onError(Throwable t) {
              answer.completeExceptionally(t);
            }

            @Override
            public void onCompleted() {
              answer.completeExceptionally(
                  new IllegalStateException("the call ended without a reply"));
            }
          });
    } catch (RuntimeException e) {
      answer.completeExceptionally(e);
    }
    return answer;
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
