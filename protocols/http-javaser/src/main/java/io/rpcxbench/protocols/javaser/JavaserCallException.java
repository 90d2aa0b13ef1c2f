package io.rpcxbench.protocols.javaser;

/**
 * A call failed: the server answered with a status other than 2xx ({@link #status()}, its
 * text/plain detail in the message), the reply was refused by the client's allow-list, or the
 * exchange itself failed ({@link #status()} 0, the I/O exception as the cause).
 */
public final class JavaserCallException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;

  JavaserCallException(String message, int status) {
    super(message);
    this.status = status;
  }

  JavaserCallException(String message, Throwable cause) {
    super(message, cause);
    this.status = 0;
  }

  /** The HTTP status, or 0 when no usable response came. */
  public int status() {
    return status;
  }
}
