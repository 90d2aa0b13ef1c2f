package io.rpcxbench.protocols.typedjson;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A call in flight on one connection. Ends exactly once: with the reply's JSON (a {@code byte[]}),
 * a {@link TypedJsonException}, or {@link #NOT_SENT} when its connection was gone before the call
 * was written (the client then tries another server). The calling thread parks in {@link #await}
 * and the connection's I/O thread unparks it.
 */
final class PendingCall {
  /** The outcome of a call whose request never left the client: safe to send elsewhere. */
  static final Object NOT_SENT = new Object();

  private static final VarHandle OUTCOME;

  static {
    try {
      OUTCOME = MethodHandles.lookup().findVarHandle(PendingCall.class, "outcome", Object.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** The request's JSON until the I/O thread writes it. */
  byte[] json;

  /** The request id, given by the I/O thread when it writes the call. */
  int id;

  private final Thread waiter = Thread.currentThread();

  @SuppressWarnings("unused") // written through OUTCOME
  private volatile Object outcome;

  PendingCall(byte[] json) {
    this.json = json;
  }

  /** Ends the call unless it already ended; false if it had. */
  boolean finish(Object replyOrError) {
    if (!OUTCOME.compareAndSet(this, null, replyOrError)) {
      return false;
    }
    LockSupport.unpark(waiter);
    return true;
  }

  boolean finished() {
    return outcome != null;
  }

  Object outcome() {
    return outcome;
  }

  /**
   * Waits until the call ends or the deadline passes.
   *
   * @return the outcome, or null at the deadline
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
}
