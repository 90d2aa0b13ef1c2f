package io.rpcxbench.period;

/** A missing or oversized argument: gRPC's INVALID_ARGUMENT, HTTP's 422. */
public final class InvalidArgumentException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InvalidArgumentException(String message) {
    super(message);
  }
}
