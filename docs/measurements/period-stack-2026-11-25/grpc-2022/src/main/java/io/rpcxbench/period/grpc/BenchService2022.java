package io.rpcxbench.period.grpc;

import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.rpcxbench.period.BenchCalls;
import io.rpcxbench.period.InvalidArgumentException;
import io.rpcxbench.period.Item;
import io.rpcxbench.server.grpc.wire.BenchGrpc;
import io.rpcxbench.server.grpc.wire.EchoReply;
import io.rpcxbench.server.grpc.wire.EchoRequest;
import io.rpcxbench.server.grpc.wire.HelloReply;
import io.rpcxbench.server.grpc.wire.HelloRequest;
import io.rpcxbench.server.grpc.wire.ItemsReply;
import io.rpcxbench.server.grpc.wire.ItemsRequest;
import io.rpcxbench.server.grpc.wire.PutReply;
import io.rpcxbench.server.grpc.wire.PutRequest;
import java.util.concurrent.Callable;

/**
 * server-grpc's {@code BenchServiceImpl} on the period stack: the same replies, a refused argument
 * as INVALID_ARGUMENT with the same message, anything else as INTERNAL.
 */
final class BenchService2022 extends BenchGrpc.BenchImplBase {
  private final BenchCalls calls;

  BenchService2022(BenchCalls calls) {
    this.calls = calls;
  }

  @Override
  public void hello(HelloRequest request, StreamObserver<HelloReply> replies) {
    answer(replies, () -> helloReply(request));
  }

  @Override
  public void echo(EchoRequest request, StreamObserver<EchoReply> replies) {
    // ByteString is immutable: the same bytes go back without a copy, as in server-grpc.
    answer(
        replies,
        () -> {
          BenchCalls.checkEcho(request.hasPayload(), request.getPayload().size());
          return EchoReply.newBuilder().setPayload(request.getPayload()).build();
        });
  }

  @Override
  public void put(PutRequest request, StreamObserver<PutReply> replies) {
    answer(
        replies,
        () ->
            PutReply.newBuilder()
                .setOk(
                    calls.put(
                        request.hasKey() ? request.getKey() : null,
                        request.hasValue() ? request.getValue().toByteArray() : null))
                .build());
  }

  @Override
  public void items(ItemsRequest request, StreamObserver<ItemsReply> replies) {
    answer(
        replies,
        () -> {
          ItemsReply.Builder reply = ItemsReply.newBuilder();
          for (Item item : calls.items(request.getN())) {
            reply
                .addItemsBuilder()
                .setId(item.getId())
                .setName(item.getName())
                .setPrice(item.getPrice())
                .setFlag(item.isFlag())
                .addAllTags(item.getTags());
          }
          return reply.build();
        });
  }

  @Override
  public StreamObserver<HelloRequest> helloStream(StreamObserver<HelloReply> replies) {
    return new StreamObserver<HelloRequest>() {
      @Override
      public void onNext(HelloRequest request) {
        try {
          replies.onNext(helloReply(request));
        } catch (RuntimeException e) {
          replies.onError(status(e).asException());
        }
      }

      @Override
      public void onError(Throwable t) {
        // The client cancelled or the connection broke: the call is already over.
      }

      @Override
      public void onCompleted() {
        replies.onCompleted();
      }
    };
  }

  private HelloReply helloReply(HelloRequest request) {
    return HelloReply.newBuilder()
        .setMessage(calls.hello(request.hasName() ? request.getName() : null))
        .build();
  }

  private static <T> void answer(StreamObserver<T> replies, Callable<T> call) {
    T reply;
    try {
      reply = call.call();
    } catch (Exception e) {
      replies.onError(status(e).asException());
      return;
    }
    replies.onNext(reply);
    replies.onCompleted();
  }

  private static Status status(Exception e) {
    Status status =
        e instanceof InvalidArgumentException ? Status.INVALID_ARGUMENT : Status.INTERNAL;
    return status.withDescription(e.getMessage());
  }
}
