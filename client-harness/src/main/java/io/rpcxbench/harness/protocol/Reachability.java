package io.rpcxbench.harness.protocol;

import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/** Turns a client failure into a short, lower-case reason such as "connection refused". */
public final class Reachability {
  private Reachability() {}

  /**
   * The first server whose host name does not resolve, as "unknown host NAME", else null. Asked
   * before any client is built: every protocol then fails the same way, in one line, instead of in
   * its library's own words (gRPC logs a 15-line stack trace from its name resolver).
   */
  public static String unresolvedHost(List<InetSocketAddress> servers) {
    for (InetSocketAddress server : servers) {
      try {
        InetAddress.getAllByName(server.getHostString());
      } catch (UnknownHostException e) {
        return "unknown host " + server.getHostString();
      }
    }
    return null;
  }

  /** The most telling reason in the cause chain, on one line. */
  public static String describe(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof UnknownHostException) {
        return "unknown host " + t.getMessage();
      }
      if (t instanceof NoRouteToHostException) {
        return "no route to host";
      }
      if (t instanceof ConnectException || t instanceof SocketTimeoutException) {
        return connectReason(t);
      }
      if (t.getCause() == t) {
        break;
      }
    }
    String message = failure.getMessage();
    String text = message == null ? failure.getClass().getSimpleName() : oneLine(message);
    return failure instanceof CallKind.WrongReplyException
        ? text
        : failure.getClass().getSimpleName() + ": " + text;
  }

  /**
   * Whether the failure is a deadline that passed (a connect or read timeout, gRPC's
   * DEADLINE_EXCEEDED, a client's own timeout), rather than a refusal or an unknown host.
   */
  public static boolean isTimeout(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof SocketTimeoutException
          || t instanceof java.util.concurrent.TimeoutException
          || t instanceof java.net.http.HttpTimeoutException) {
        return true;
      }
      String m = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
      if (m.contains("timed out")
          || m.contains("timeout")
          || m.contains("deadline_exceeded")
          || m.contains("deadline exceeded")
          || m.contains("error(-110)")) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  /**
   * "Connection refused: /127.0.0.1:8081" (JDK, Netty NIO) and "finishConnect(..) failed with
   * error(-111)" (Netty epoll, errno 111 = ECONNREFUSED) both read "connection refused".
   */
  private static String connectReason(Throwable t) {
    String message = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
    if (message.contains("refused") || message.contains("error(-111)")) {
      return "connection refused";
    }
    if (message.contains("timed out") || message.contains("error(-110)")) {
      return "connect timed out";
    }
    if (t instanceof ConnectException && message.isEmpty()) {
      return "connection failed (the client gave no reason)"; // the JDK HttpClient's way
    }
    return firstClause(t.getMessage(), t.getClass().getSimpleName());
  }

  /** "Connection reset: /127.0.0.1:8081" -> "connection reset". */
  private static String firstClause(String message, String fallback) {
    if (message == null || message.isBlank()) {
      return fallback;
    }
    int colon = message.indexOf(':');
    String clause = colon > 0 ? message.substring(0, colon) : message;
    return oneLine(clause).toLowerCase(Locale.ROOT);
  }

  private static String oneLine(String text) {
    String line = text.replaceAll("\\s+", " ").trim();
    return line.length() > 300 ? line.substring(0, 300) + "..." : line;
  }
}
