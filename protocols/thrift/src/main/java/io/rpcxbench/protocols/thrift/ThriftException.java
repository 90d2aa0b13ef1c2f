package io.rpcxbench.protocols.thrift;

/**
 * A Thrift call failed. The code says how: the server rejected the arguments ({@link
 * Code#INVALID_ARGUMENT}, the cause is the IDL's {@code InvalidArgument}) or answered with a {@code
 * TApplicationException} ({@link Code#INTERNAL}); the socket stays open in both cases. No reply
 * within the call timeout ({@link Code#DEADLINE_EXCEEDED}), or the socket could not be opened or
 * broke ({@link Code#UNAVAILABLE}): the socket is discarded and the thread's next call opens a
 * fresh one.
 *
 * <pre>{@code
 * try {
 *   client.hello(null);
 * } catch (ThriftException e) {
 *   assert e.code() == ThriftException.Code.INVALID_ARGUMENT;   // and the socket is still open
 * }
 * }</pre>
 */
public final class ThriftException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** How a call failed. */
  public enum Code {
    INVALID_ARGUMENT,
    INTERNAL,
    DEADLINE_EXCEEDED,
    UNAVAILABLE
  }

  private final Code code;

  ThriftException(Code code, String message, Throwable cause) {
    super(code + ": " + message, cause);
    this.code = code;
  }

  public Code code() {
    return code;
  }
}
