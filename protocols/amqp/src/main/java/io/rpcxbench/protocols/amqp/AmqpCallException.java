package io.rpcxbench.protocols.amqp;

/**
 * An AMQP call failed. The code says how: the server answered with an error ({@link
 * Code#INVALID_ARGUMENT}, {@link Code#INTERNAL}; the channel stays open), no reply within the call
 * timeout ({@link Code#DEADLINE_EXCEEDED}), or the broker could not be reached, refused the message
 * or the connection was lost ({@link Code#UNAVAILABLE}; the thread's channel is dropped and its
 * next call opens a fresh one, reconnecting if needed).
 *
 * <pre>{@code
 * try {
 *   client.hello(null);
 * } catch (AmqpCallException e) {
 *   assert e.code() == AmqpCallException.Code.INVALID_ARGUMENT;
 * }
 * }</pre>
 */
public final class AmqpCallException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** How a call failed. */
  public enum Code {
    INVALID_ARGUMENT,
    INTERNAL,
    DEADLINE_EXCEEDED,
    UNAVAILABLE
  }

  private final Code code;

  AmqpCallException(Code code, String message, Throwable cause) {
    super(code + ": " + message, cause);
    this.code = code;
  }

  public Code code() {
    return code;
  }
}
