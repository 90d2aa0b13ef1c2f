package io.rpcxbench.api;

/**
 * A call's argument is missing or out of bounds. Every server answers it with its protocol's
 * "invalid argument" error (gRPC INVALID_ARGUMENT, HTTP 400, RPCX INVALID_ARGUMENT, ...), and the
 * connection stays open.
 */
public final class InvalidArgumentException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public InvalidArgumentException(String message) {
    super(message);
  }
}
