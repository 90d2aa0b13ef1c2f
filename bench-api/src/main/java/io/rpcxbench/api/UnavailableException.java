package io.rpcxbench.api;

/**
 * A service the call depends on failed or did not answer in time (a chain gateway's downstream).
 * Servers answer it with their protocol's "unavailable" error where the protocol has one (gRPC and
 * RPCX UNAVAILABLE, HTTP 503), else with their error reply; the connection stays open.
 */
public final class UnavailableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UnavailableException(String message) {
    super(message);
  }

  public UnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
