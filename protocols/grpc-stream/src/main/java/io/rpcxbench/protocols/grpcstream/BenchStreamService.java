package io.rpcxbench.protocols.grpcstream;

import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.protocols.grpcstream.wire.BenchStreamGrpc;
import io.rpcxbench.protocols.grpcstream.wire.CallReply;
import io.rpcxbench.protocols.grpcstream.wire.CallRequest;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** BenchStream/Calls: one {@link Session} per open stream, each answering calls in order. */
final class BenchStreamService extends BenchStreamGrpc.BenchStreamImplBase {
  private final BenchCalls calls;
  private final Set<Session> open = ConcurrentHashMap.newKeySet();

  BenchStreamService(BenchService service) {
    this.calls = new BenchCalls(service);
  }

  @Override
  public StreamObserver<CallRequest> calls(StreamObserver<CallReply> replies) {
    Session session = new Session((ServerCallStreamObserver<CallReply>) replies);
    open.add(session);
    return session;
  }

  /** Ends every open stream with OK (the server's graceful stop). */
  void endAll() {
    for (Session session : open) {
      session.end();
    }
  }

  /**
   * One client's stream. gRPC delivers its requests one at a time; the lock only orders them
   * against {@link #end()} from the stopping thread, as the reply observer is not thread-safe.
   * Replies are written without waiting for isReady: each answers a request the client is blocked
   * on, so the client's pending calls bound what is buffered.
   */
  private final class Session implements StreamObserver<CallRequest> {
    private final ServerCallStreamObserver<CallReply> replies;
    private boolean ended;

    Session(ServerCallStreamObserver<CallReply> replies) {
      this.replies = replies;
    }

    @Override
    public synchronized void onNext(CallRequest request) {
      if (!ended) {
        replies.onNext(calls.answer(request));
      }
    }

    @Override
    public synchronized void onError(Throwable t) {
      // The client cancelled or the connection broke: the call is already over.
      ended = true;
      open.remove(this);
    }

    @Override
    public void onCompleted() {
      end();
    }

    synchronized void end() {
      if (!ended) {
        ended = true;
        replies.onCompleted();
      }
      open.remove(this);
    }
  }
}
