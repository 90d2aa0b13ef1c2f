package io.rpcxbench.bench.bare;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.locks.LockSupport;

/**
 * One call in flight: its id, its request frame until written, and its outcome (the reply body or a
 * failure), handed from the event loop either to the one thread that waits for it (a blocking call)
 * or to its future (an async call, completed on the event loop, as RPCX's are).
 */
final class BareCall {
  final long id;
  private final Thread caller;
  private final CompletableFuture<byte[]> future;

  /** The request frame until the write queue copies it into its batch. */
  byte[] frame;

  /** An async call's deadline task, cancelled when the call ends first. */
  private volatile Future<?> deadline;

  private volatile Object outcome;

  private BareCall(long id, byte[] frame, Thread caller, CompletableFuture<byte[]> future) {
    this.id = id;
    this.frame = frame;
    this.caller = caller;
    this.future = future;
  }

  /** A call whose thread waits in {@link #await}. */
  static BareCall blocking(long id, byte[] frame) {
    return new BareCall(id, frame, Thread.currentThread(), null);
  }

  /** A call that completes {@link #future()} instead. */
  static BareCall async(long id, byte[] frame) {
    return new BareCall(id, frame, null, new CompletableFuture<>());
  }

  CompletableFuture<byte[]> future() {
    return future;
  }

  void deadline(Future<?> task) {
    this.deadline = task;
  }

  /** The reply body (a copy, the caller's) or a {@link BareException}. */
  void complete(Object result) {
    outcome = result;
    if (future == null) {
      LockSupport.unpark(caller);
      return;
    }
    Future<?> task = deadline;
    if (task != null) {
      task.cancel(false);
    }
    if (result instanceof BareException e) {
      future.completeExceptionally(e);
    } else {
      future.complete((byte[]) result);
    }
  }

  /** The outcome, or null when the deadline passed first (or the thread was interrupted). */
  Object await(long deadlineNanos) {
    Object result;
    while ((result = outcome) == null) {
      long left = deadlineNanos - System.nanoTime();
      if (left <= 0 || Thread.currentThread().isInterrupted()) {
        return null;
      }
      LockSupport.parkNanos(this, left);
    }
    return result;
  }

  /** After the call left the pending map without {@link #await} seeing it: wait for it. */
  Object awaitLate() {
    Object result;
    while ((result = outcome) == null) {
      Thread.onSpinWait();
    }
    return result;
  }
}
