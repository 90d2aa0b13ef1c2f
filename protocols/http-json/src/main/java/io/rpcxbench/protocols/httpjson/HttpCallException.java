package io.rpcxbench.protocols.httpjson;

/**
 * A call over HTTP failed: the server answered with a status other than 2xx ({@link #status()} and
 * the problem's {@code detail} in the message), or the exchange itself failed ({@link #status()} 0,
 * the I/O exception as the cause).
 */
public final class HttpCallException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;

  HttpCallException(String message, int status) {
    super(message);
    this.status = status;
  }

  HttpCallException(String message, Throwable cause) {
    super(message, cause);
    this.status = 0;
  }

  /** The HTTP status, or 0 when no response came. */
  public int status() {
    return status;
  }
}
