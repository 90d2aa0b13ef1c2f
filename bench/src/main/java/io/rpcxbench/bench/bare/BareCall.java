package io.rpcxbench.bench.bare;

import java.util.concurrent.locks.LockSupport;

/**
 * One call in flight: its id, its request frame until written, and its outcome (the reply body or a
 * failure) handed from the event loop to the one thread that waits for it.
 */
final class BareCall {
  final long id;
  private final Thread caller;

  /** The request frame until the write queue copies it into its batch. */
  byte[] frame;

  private volatile Object outcome;

  BareCall(long id, byte[] frame) {
    this.id = id;
    this.frame = frame;
    this.caller = Thread.currentThread();
  }

  /** The reply body (a copy, the caller's) or a {@link BareException}. */
  void complete(Object result) {
    outcome = result;
    LockSupport.unpark(caller);
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
