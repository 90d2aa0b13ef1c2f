package io.rpcxbench.server.grpc;

import com.google.protobuf.UnsafeByteOperations;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.api.UnavailableException;
import io.rpcxbench.server.grpc.wire.BenchGrpc;
import io.rpcxbench.server.grpc.wire.EchoReply;
import io.rpcxbench.server.grpc.wire.EchoRequest;
import io.rpcxbench.server.grpc.wire.HelloReply;
import io.rpcxbench.server.grpc.wire.HelloRequest;
import io.rpcxbench.server.grpc.wire.ItemsReply;
import io.rpcxbench.server.grpc.wire.ItemsRequest;
import io.rpcxbench.server.grpc.wire.PutReply;
import io.rpcxbench.server.grpc.wire.PutRequest;
import java.util.function.Supplier;

/**
 * The benchmark calls as gRPC serves them, through the server kit's {@link BenchService}: the same
 * replies and the same rejections (INVALID_ARGUMENT) as every other protocol; a failed downstream
 * service of a chain gateway is UNAVAILABLE.
 */
final class BenchServiceImpl extends BenchGrpc.BenchImplBase {
  private final BenchService bench;

  BenchServiceImpl(BenchService bench) {
    this.bench = bench;
  }

  @Override
  public void hello(HelloRequest request, StreamObserver<HelloReply> replies) {
    answer(replies, () -> helloReply(request));
  }

  @Override
  public void echo(EchoRequest request, StreamObserver<EchoReply> replies) {
    // ByteString is immutable: handing the same bytes back costs no copy.
    answer(
        replies,
        () -> {
          if (!(bench instanceof BenchLogic)) { // work or a chain: the service sees the bytes
            byte[] payload = request.hasPayload() ? request.getPayload().toByteArray() : null;
            return EchoReply.newBuilder()
                .setPayload(UnsafeByteOperations.unsafeWrap(bench.echo(payload)))
                .build();
          }
          BenchLogic.checkEchoPayload(request.hasPayload(), request.getPayload().size());
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
                    bench.put(
                        request.hasKey() ? request.getKey() : null,
                        request.hasValue() ? request.getValue().toByteArray() : null))
                .build());
  }

  @Override
  public void items(ItemsRequest request, StreamObserver<ItemsReply> replies) {
    answer(replies, () -> ItemMessages.toWire(bench.items(request.getN())));
  }

  @Override
  public StreamObserver<HelloRequest> helloStream(StreamObserver<HelloReply> replies) {
    // gRPC serialises the calls into this observer, so replies go out in request order.
    return new StreamObserver<>() {
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
        .setMessage(bench.hello(request.hasName() ? request.getName() : null))
        .build();
  }

  private static <T> void answer(StreamObserver<T> replies, Supplier<T> call) {
    T reply;
    try {
      reply = call.get();
    } catch (RuntimeException e) {
      replies.onError(status(e).asException());
      return;
    }
    replies.onNext(reply);
    replies.onCompleted();
  }

  /** INVALID_ARGUMENT, UNAVAILABLE (a chain's downstream failed), else INTERNAL. */
  private static Status status(RuntimeException e) {
    Status status =
        e instanceof InvalidArgumentException
            ? Status.INVALID_ARGUMENT
            : e instanceof UnavailableException ? Status.UNAVAILABLE : Status.INTERNAL;
    return status.withDescription(e.getMessage());
  }
}
