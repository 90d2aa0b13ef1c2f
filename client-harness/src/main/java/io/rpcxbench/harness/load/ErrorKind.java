package io.rpcxbench.harness.load;

import io.rpcxbench.harness.protocol.CallKind;
import java.net.SocketTimeoutException;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

/**
 * Why a call counted as failed, as each run's {@code errors_*} columns count it. The kinds add up
 * to the run's {@code errors}.
 */
public enum ErrorKind {
  /** The call's deadline passed (--timeout): the protocol said so. */
  TIMEOUT,
  /** Any other failure: connection refused or lost, a protocol or server error. */
  TRANSPORT,
  /** A reply came but it is not the right answer. */
  WRONG_REPLY,
  /** The right answer, but later than --fail-after: failed for the user who waited. */
  OVER_THRESHOLD;

  /** The raw file's column: {@code errors_timeout}, {@code errors_wrong_reply}, ... */
  public String column() {
    return "errors_" + name().toLowerCase(Locale.ROOT);
  }

  /**
   * The kind of a call's failure. Protocols signal a deadline in their own types (RPCX's and gRPC's
   * {@code DEADLINE_EXCEEDED}, the JDK's {@code SocketTimeoutException}, {@code
   * HttpTimeoutException}, Feign's "Read timed out"): any of those in the cause chain is a timeout.
   */
  static ErrorKind of(Throwable failure) {
    Throwable t = unwrap(failure);
    if (t instanceof CallKind.WrongReplyException) {
      return WRONG_REPLY;
    }
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof SocketTimeoutException || c instanceof TimeoutException) {
        return TIMEOUT;
      }
      String name = c.getClass().getSimpleName();
      String message = String.valueOf(c.getMessage()).toLowerCase(Locale.ROOT);
      if (name.contains("Timeout")
          || message.contains("deadline_exceeded")
          || message.contains("timed out")) {
        return TIMEOUT;
      }
    }
    return TRANSPORT;
  }

  /** A future's failure as the call's own: without the CompletionException around it. */
  static Throwable unwrap(Throwable failure) {
    Throwable t = failure;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
