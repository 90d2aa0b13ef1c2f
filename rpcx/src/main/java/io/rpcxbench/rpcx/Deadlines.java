package io.rpcxbench.rpcx;

import java.util.concurrent.TimeUnit;

/** The exceptions that end a call from the caller's side. */
final class Deadlines {
  private Deadlines() {}

  static RpcxException exceeded(ClientMethod method, long timeoutNanos) {
    return new RpcxException(
        RpcxException.Code.DEADLINE_EXCEEDED,
        method.fullName()
            + " got no reply within "
            + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
            + " ms");
  }

  static RpcxException cancelled(ClientMethod method) {
    return new RpcxException(
        RpcxException.Code.CANCELLED, method.fullName() + ": the calling thread was interrupted");
  }
}
