package io.rpcxbench.protocols.avro;

/**
 * An Avro call failed (both plug-ins, {@code avro} and {@code avro-socket}). The code says how: the
 * server rejected the call ({@link Code#INVALID_ARGUMENT}: Avro IPC's declared {@code
 * InvalidArgument} error or the socket's error reply; {@link Code#INTERNAL}; the connection stays
 * open), no reply within the call timeout ({@link Code#DEADLINE_EXCEEDED}), or the connection could
 * not be opened or broke ({@link Code#UNAVAILABLE}).
 *
 * <pre>{@code
 * try {
 *   client.hello(null);
 * } catch (AvroException e) {
 *   assert e.code() == AvroException.Code.INVALID_ARGUMENT;   // and the client is still usable
 * }
 * }</pre>
 */
public final class AvroException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** How a call failed. */
  public enum Code {
    INVALID_ARGUMENT,
    INTERNAL,
    DEADLINE_EXCEEDED,
    UNAVAILABLE
  }

  private final Code code;

  AvroException(Code code, String message, Throwable cause) {
    super(code + ": " + message, cause);
    this.code = code;
  }

  public Code code() {
    return code;
  }
}
