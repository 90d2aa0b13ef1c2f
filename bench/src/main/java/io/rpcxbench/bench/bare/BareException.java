package io.rpcxbench.bench.bare;

/** A bare call that failed: no connection, connection lost, or no reply in time. */
public final class BareException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  BareException(String message) {
    super(message);
  }

  BareException(String message, Throwable cause) {
    super(message, cause);
  }
}
