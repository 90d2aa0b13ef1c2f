package io.rpcxbench.protocols.bert;

/**
 * A BERT-RPC call failed. The code says how: the server answered with an error ({@link
 * Code#INVALID_ARGUMENT} for the contract's rejection, {@link Code#USER} for any other user error,
 * {@link Code#SERVER} for no such module or function; the socket stays open), the server or the
 * reply broke the protocol ({@link Code#PROTOCOL}: the socket is discarded), no reply within the
 * call timeout ({@link Code#DEADLINE_EXCEEDED}), or the socket could not be opened or broke ({@link
 * Code#UNAVAILABLE}). After a discarded socket the thread's next call opens a fresh one.
 *
 * <pre>{@code
 * try {
 *   client.hello(null);
 * } catch (BertException e) {
 *   assert e.code() == BertException.Code.INVALID_ARGUMENT;   // and the socket is still open
 * }
 * }</pre>
 */
public final class BertException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** How a call failed. */
  public enum Code {
    INVALID_ARGUMENT,
    USER,
    SERVER,
    PROTOCOL,
    DEADLINE_EXCEEDED,
    UNAVAILABLE
  }

  private final Code code;

  BertException(Code code, String message, Throwable cause) {
    super(code + ": " + message, cause);
    this.code = code;
  }

  public Code code() {
    return code;
  }
}
