package io.rpcxbench.protocols.typedjson.wire;

/**
 * The server did not answer the call: the argument was rejected by {@code BenchLogic}, the frame
 * was not a call it serves, or the call failed. The connection stays open.
 *
 * @param status how the call failed
 * @param message one line for the caller
 */
public record ErrorReply(Status status, String message) implements Reply {
  /** How a call failed on the server. */
  public enum Status {
    /** {@code BenchLogic} rejected a missing or out-of-bounds argument. */
    INVALID_ARGUMENT,
    /**
     * Not a call: malformed JSON, a type id that is not allowed or not a request (an unknown
     * method).
     */
    BAD_REQUEST,
    /** The server failed. */
    INTERNAL
  }
}
