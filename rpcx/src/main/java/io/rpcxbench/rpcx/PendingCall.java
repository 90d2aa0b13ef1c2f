package io.rpcxbench.rpcx;

import io.rpcxbench.rpcx.wire.RpcxReply;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.locks.LockSupport;

/**
 * A call in flight: the paper's RPCXFuture. Ends exactly once, with its reply or an {@link
 * RpcxException} (deadline, lost connection), whichever comes first. A blocking call parks its own
 * thread and is unparked by the event loop; an async call completes its one future with the decoded
 * result instead, and is its own deadline task (run: DEADLINE_EXCEEDED), cancelled when it ends.
 */
final class PendingCall implements Runnable {
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
  private final CompletableFuture<Object> future;
  private final long timeoutNanos;

  /** An async call's deadline task; set before the call is queued, so the event loop sees it. */
  private Future<?> deadline;

  @SuppressWarnings("unused") // written through OUTCOME
  private volatile Object outcome;

  private PendingCall(
      long id,
      ClientMethod method,
      byte[] frame,
      PendingCalls owner,
      Thread waiter,
      CompletableFuture<Object> f,
      long timeoutNanos) {
    this.id = id;
    this.owner = owner;
    this.method = method;
    this.frame = frame;
    this.waiter = waiter;
    this.future = f;
    this.timeoutNanos = timeoutNanos;
  }

  /** A call whose thread will wait in {@link #await}. */
  static PendingCall blocking(long id, ClientMethod method, byte[] frame, PendingCalls owner) {
    return new PendingCall(id, method, frame, owner, Thread.currentThread(), null, 0);
  }

  /** A call that completes {@link #future()} with its result; see {@link #deadline(Future)}. */
  static PendingCall async(
      long id, ClientMethod method, byte[] frame, PendingCalls owner, long timeoutNanos) {
    return new PendingCall(id, method, frame, owner, null, new CompletableFuture<>(), timeoutNanos);
  }

  /** An async call's deadline task (this call, scheduled), cancelled when the call ends first. */
  void deadline(Future<?> task) {
    this.deadline = task;
  }

  /** The deadline passed: DEADLINE_EXCEEDED unless the call already ended. */
  @Override
  public void run() {
    fail(Deadlines.exceeded(method, timeoutNanos));
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
      return true;
    }
    Future<?> task = deadline;
    if (task != null) {
      task.cancel(false);
    }
    // Decoded here, on the event loop, as the thenApply stage this replaces did.
    if (replyOrError instanceof RpcxReply reply) {
      try {
        future.complete(method.result(reply));
      } catch (RuntimeException e) {
        future.completeExceptionally(e);
      }
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

  /** An async call's result (or its {@link RpcxException}). */
  CompletableFuture<Object> future() {
    return future;
  }
}
