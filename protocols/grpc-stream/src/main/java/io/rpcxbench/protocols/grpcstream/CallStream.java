package io.rpcxbench.protocols.grpcstream;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import io.rpcxbench.protocols.grpcstream.wire.BenchStreamGrpc;
import io.rpcxbench.protocols.grpcstream.wire.CallReply;
import io.rpcxbench.protocols.grpcstream.wire.CallRequest;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One open BenchStream/Calls stream shared by all caller threads: the calls waiting for a reply by
 * id, and the single writer of the request side.
 *
 * <p>The request observer is not thread-safe, and a lock around it would make every caller wait for
 * every other caller's serialization. Instead callers drop their request into an outbox and whoever
 * wins {@link #draining} writes everything queued, including what others added meanwhile (batches
 * form by themselves under load). Writing stops while the transport says it is not ready (flow
 * control) and resumes from gRPC's on-ready callback.
 */
final class CallStream implements ClientResponseObserver<CallRequest, CallReply> {
  private final ConcurrentHashMap<Long, CompletableFuture<CallReply>> pending =
      new ConcurrentHashMap<>();
  private final Queue<CallRequest> outbox = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean draining = new AtomicBoolean();
  private final AtomicBoolean cancelled = new AtomicBoolean();
  private volatile ClientCallStreamObserver<CallRequest> requests;

  /** Set once, when the stream has ended; every call after that fails with it. */
  private volatile StatusRuntimeException ended;

  private CallStream() {}

  static CallStream open(BenchStreamGrpc.BenchStreamStub stub) {
    CallStream stream = new CallStream();
    stub.calls(stream);
    return stream;
  }

  boolean isOpen() {
    return ended == null;
  }

  /** Queues the request; the future completes with its reply or the stream's failure. */
  CompletableFuture<CallReply> send(CallRequest request) {
    CompletableFuture<CallReply> reply = new CompletableFuture<>();
    pending.put(request.getId(), reply);
    // Checked after the put: either fail() sees this call in the map, or we see its mark here.
    StatusRuntimeException failure = ended;
    if (failure != null) {
      pending.remove(request.getId());
      reply.completeExceptionally(failure);
      return reply;
    }
    outbox.add(request);
    drain();
    return reply;
  }

  /** A call that gave up waiting: its reply, if it ever comes, is dropped. */
  void forget(long id) {
    pending.remove(id);
  }

  /** Ends the stream from this side (the client is closing). Idempotent. */
  void cancel(String why) {
    if (!cancelled.compareAndSet(false, true)) {
      return;
    }
    fail(Status.CANCELLED.withDescription(why));
    // cancel() is no more thread-safe than onNext(): take the writer's flag, and keep it.
    while (!draining.compareAndSet(false, true)) {
      Thread.onSpinWait();
    }
    requests.cancel(why, null);
  }

  @Override
  public void beforeStart(ClientCallStreamObserver<CallRequest> requestStream) {
    this.requests = requestStream;
    requestStream.setOnReadyHandler(this::drain);
  }

  @Override
  public void onNext(CallReply reply) {
    CompletableFuture<CallReply> call = pending.remove(reply.getId());
    if (call != null) {
      call.complete(reply);
    }
  }

  @Override
  public void onError(Throwable t) {
    fail(Status.fromThrowable(t));
  }

  @Override
  public void onCompleted() {
    fail(Status.UNAVAILABLE.withDescription("the server ended the stream"));
  }

  private void drain() {
    ClientCallStreamObserver<CallRequest> out = requests;
    // Re-checked after every release: a request queued, or readiness regained, while another
    // thread held the flag is written by that thread's next round or by ours.
    while (!outbox.isEmpty() && out.isReady() && draining.compareAndSet(false, true)) {
      try {
        CallRequest next;
        while (out.isReady() && (next = outbox.poll()) != null) {
          out.onNext(next);
        }
      } catch (RuntimeException e) {
        fail(Status.INTERNAL.withDescription("cannot write to the stream").withCause(e));
        out.cancel("write failed", e);
        return;
      } finally {
        draining.set(false);
      }
    }
  }

  /** Fails every pending call at once; later sends fail at once too. */
  private void fail(Status status) {
    if (ended == null) {
      ended = status.asRuntimeException();
    }
    outbox.clear();
    StatusRuntimeException failure = ended;
    for (Long id : pending.keySet()) {
      CompletableFuture<CallReply> call = pending.remove(id);
      if (call != null) {
        call.completeExceptionally(failure);
      }
    }
  }
}
