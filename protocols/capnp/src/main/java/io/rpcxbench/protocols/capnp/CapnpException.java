package io.rpcxbench.protocols.capnp;

/**
 * A raw socket + Cap'n Proto call failed. The code says how: the server rejected the call ({@link
 * Code#INVALID_ARGUMENT}, {@link Code#INTERNAL}; the socket stays open), no reply within the call
 * timeout ({@link Code#DEADLINE_EXCEEDED}), or the socket could not be opened, broke or carried a
 * message that cannot be trusted ({@link Code#UNAVAILABLE}); in the last two cases the socket is
 * discarded and the next call on the thread opens a fresh one.
 *
 * <pre>{@code
 * try {
 *   client.hello(null);
 * } catch (CapnpException e) {
 *   assert e.code() == CapnpException.Code.INVALID_ARGUMENT;   // and the socket is still open
 * }
 * }</pre>
 */
public final class CapnpException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** How a call failed. */
  public enum Code {
    INVALID_ARGUMENT,
    INTERNAL,
    DEADLINE_EXCEEDED,
    UNAVAILABLE
  }

  private final Code code;

  CapnpException(Code code, String message, Throwable cause) {
    super(code + ": " + message, cause);
    this.code = code;
  }

  public Code code() {
    return code;
  }
}
