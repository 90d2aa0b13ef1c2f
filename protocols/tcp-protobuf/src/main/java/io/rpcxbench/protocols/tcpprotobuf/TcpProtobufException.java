package io.rpcxbench.protocols.tcpprotobuf;

/**
 * A raw TCP + Protobuf call failed. The code says how: the server rejected the call ({@link
 * Code#INVALID_ARGUMENT}, {@link Code#INTERNAL}; the socket stays open), no reply within the call
 * timeout ({@link Code#DEADLINE_EXCEEDED}), or the socket could not be opened or broke ({@link
 * Code#UNAVAILABLE}); in the last two cases the socket is discarded and the next call on the thread
 * opens a fresh one.
 *
 * <pre>{@code
 * try {
 *   client.hello(null);
 * } catch (TcpProtobufException e) {
 *   assert e.code() == TcpProtobufException.Code.INVALID_ARGUMENT;   // and the socket is still open
 * }
 * }</pre>
 */
public final class TcpProtobufException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** How a call failed. */
  public enum Code {
    INVALID_ARGUMENT,
    INTERNAL,
    DEADLINE_EXCEEDED,
    UNAVAILABLE
  }

  private final Code code;

  TcpProtobufException(Code code, String message, Throwable cause) {
    super(code + ": " + message, cause);
    this.code = code;
  }

  public Code code() {
    return code;
  }
}
