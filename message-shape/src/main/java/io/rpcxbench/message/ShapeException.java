package io.rpcxbench.message;

/**
 * A schema, data file or generator spec that cannot be used: its message is one line for the user.
 */
public final class ShapeException extends RuntimeException {
  public ShapeException(String message) {
    super(message);
  }

  public ShapeException(String message, Throwable cause) {
    super(message, cause);
  }
}
