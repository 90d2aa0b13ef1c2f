package io.rpcxbench.rpcx;

import io.rpcxbench.rpcx.wire.RpcxReply;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * A call in flight: the paper's RPCXFuture. Ends exactly once, with its reply or an {@link
 * RpcxException} (deadline, lost connection), whichever comes first. A blocking call parks its own
 * thread and is unparked by the event loop; an async call completes a future instead.
 */
final class PendingCall {
  private static final VarHandle OUTCOME;

  static {
    try {
      OUTCOME = MethodHandles.lookup().findVarHandle(PendingCall.class, "outcome", Object.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final long id;
  final ClientMethod method;

  /** The encoded request frame until the event loop copies it into the channel's batch. */
  byte[] frame;

  private final PendingCalls owner;
  private final Thread waiter;
  private final CompletableFuture<RpcxReply> future;

  @SuppressWarnings("unused") // written through OUTCOME
  private volatile Object outcome;

  private PendingCall(
      long id,
      ClientMethod method,
      byte[] frame,
      PendingCalls owner,
      Thread waiter,
      CompletableFuture<RpcxReply> f) {
    this.id = id;
    this.owner = owner;
    this.method = method;
    this.frame = frame;
    this.waiter = waiter;
    this.future = f;
  }

  /** A call whose thread will wait in {@link #await}. */
  static PendingCall blocking(long id, ClientMethod method, byte[] frame, PendingCalls owner) {
    return new PendingCall(id, method, frame, owner, Thread.currentThread(), null);
  }

  /** A call that completes {@link #future()}. */
  static PendingCall async(long id, ClientMethod method, byte[] frame, PendingCalls owner) {
    return new PendingCall(id, method, frame, owner, null, new CompletableFuture<>());
  }

  /** Any thread: ends the call with an error unless it already ended, and unregisters it. */
  void fail(RpcxException cause) {
    owner.fail(this, cause);
  }

  /** Ends the call with a reply or an {@link RpcxException}; false when it had already ended. */
  boolean finish(Object replyOrError) {
    if (!OUTCOME.compareAndSet(this, null, replyOrError)) {
      return false;
    }
    if (waiter != null) {
      LockSupport.unpark(waiter);
    } else if (replyOrError instanceof RpcxReply reply) {
      future.complete(reply);
    } else {
      future.completeExceptionally((Throwable) replyOrError);
    }
    return true;
  }

  boolean finished() {
    return outcome != null;
  }

  /** The reply or exception the call ended with; null while it is pending. */
  Object outcome() {
    return outcome;
  }

  /**
   * Waits (blocking calls only) until the call ends or the deadline passes.
   *
   * @return the reply or exception, or null when the deadline passed first
   * @throws InterruptedException when the waiting thread is interrupted
   */
  Object await(long deadlineNanos) throws InterruptedException {
    Object result;
    while ((result = outcome) == null) {
      long left = deadlineNanos - System.nanoTime();
      if (left <= 0) {
        return null;
      }
      LockSupport.parkNanos(this, left);
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
    }
    return result;
  }

  CompletableFuture<RpcxReply> future() {
    return future;
  }
}
