package io.rpcxbench.server.grpc;

import io.grpc.stub.StreamObserver;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.grpc.BenchGrpc;
import io.rpcxbench.api.grpc.EchoReply;
import io.rpcxbench.api.grpc.EchoRequest;
import io.rpcxbench.api.grpc.HelloReply;
import io.rpcxbench.api.grpc.HelloRequest;

/** The benchmark operations as gRPC serves them: the same replies RPCX and HTTP/JSON give. */
final class BenchServiceImpl extends BenchGrpc.BenchImplBase {

  @Override
  public void hello(HelloRequest request, StreamObserver<HelloReply> responseObserver) {
    responseObserver.onNext(helloReply(request));
    responseObserver.onCompleted();
  }

  @Override
  public void echo(EchoRequest request, StreamObserver<EchoReply> responseObserver) {
    // ByteString is immutable: handing the same bytes back costs no copy.
    responseObserver.onNext(EchoReply.newBuilder().setPayload(request.getPayload()).build());
    responseObserver.onCompleted();
  }

  @Override
  public StreamObserver<HelloRequest> helloStream(StreamObserver<HelloReply> responseObserver) {
    // gRPC serialises the calls into this observer, so replies go out in request order.
    return new StreamObserver<>() {
      @Override
      public void onNext(HelloRequest request) {
        responseObserver.onNext(helloReply(request));
      }

      @Override
      public void onError(Throwable t) {
        // The client cancelled or the connection broke: the call is already over.
      }

      @Override
      public void onCompleted() {
        responseObserver.onCompleted();
      }
    };
  }

  private static HelloReply helloReply(HelloRequest request) {
    return HelloReply.newBuilder().setMessage(BenchContract.helloReply(request.getName())).build();
  }
}
