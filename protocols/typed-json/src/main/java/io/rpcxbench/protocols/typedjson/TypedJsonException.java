package io.rpcxbench.protocols.typedjson;

/**
 * A typed-json call failed. The code says how: the server rejected the argument ({@link
 * Code#INVALID_ARGUMENT}) or did not take the frame for a call ({@link Code#BAD_REQUEST}) or failed
 * ({@link Code#INTERNAL}), all with the connection still open; no reply within the call timeout
 * ({@link Code#DEADLINE_EXCEEDED}); no server connected, or the connection carrying the call was
 * lost ({@link Code#UNAVAILABLE}); the calling thread was interrupted ({@link Code#CANCELLED}).
 *
 * <pre>{@code
 * try {
 *   client.hello(null);
 * } catch (TypedJsonException e) {
 *   assert e.code() == TypedJsonException.Code.INVALID_ARGUMENT;   // and the client goes on
 * }
 * }</pre>
 */
public final class TypedJsonException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** How a call failed. */
  public enum Code {
    INVALID_ARGUMENT,
    BAD_REQUEST,
    INTERNAL,
    DEADLINE_EXCEEDED,
    UNAVAILABLE,
    CANCELLED
  }

  private final Code code;

  TypedJsonException(Code code, String message) {
    this(code, message, null);
  }

  TypedJsonException(Code code, String message, Throwable cause) {
    super(code + ": " + message, cause);
    this.code = code;
  }

  public Code code() {
    return code;
  }
}
