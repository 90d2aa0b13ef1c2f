package io.rpcxbench.rpcx;

/**
 * The one exception an RPCX call throws: a {@link Code} from a closed set plus a message. A
 * server-side failure arrives as {@link Code#INTERNAL} with the server's message, never its stack
 * trace.
 *
 * <pre>{@code
 * try {
 *   bench.hello("world");
 * } catch (RpcxException e) {
 *   if (e.code() == RpcxException.Code.DEADLINE_EXCEEDED) retryLater();
 * }
 * }</pre>
 */
public final class RpcxException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Why a call failed. Numbers match gRPC's status codes where the meaning is the same. */
  public enum Code {
    CANCELLED(1),
    UNKNOWN(2),
    INVALID_ARGUMENT(3),
    DEADLINE_EXCEEDED(4),
    NOT_FOUND(5),
    RESOURCE_EXHAUSTED(8),
    UNIMPLEMENTED(12),
    INTERNAL(13),
    UNAVAILABLE(14);

    private final int number;

    Code(int number) {
      this.number = number;
    }

    /** The code's number on the wire. */
    public int number() {
      return number;
    }
  }

  private final Code code;
  private final String description;

  public RpcxException(Code code, String description) {
    this(code, description, null);
  }

  public RpcxException(Code code, String description, Throwable cause) {
    super(code + ": " + description, cause);
    this.code = code;
    this.description = description;
  }

  /** What happened, without the code; e.g. {@code "connection to 10.0.0.2:8081 lost"}. */
  public String description() {
    return description;
  }

  /** Why the call failed. */
  public Code code() {
    return code;
  }
}
