package io.rpcxbench.serverkit;

import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.slf4j.LoggerFactory;

/**
 * A library's own log lines (java.util.logging) as one rate-limited SLF4J warning per kind and 10 s
 * ({@link RateLimitedLog}): its loggers go to this handler instead of the console, each record of
 * INFO and above becomes one line of its logger, level and message, the exception as one line. The
 * libraries' per-connection lines a client can trigger at will (grpc-java's "Transport failed",
 * Netty's "ignoring DATA frame for stream RST_STREAM sent", an exception that reached a pipeline's
 * tail) so go through the same rate-limited path as the kit's own.
 *
 * <pre>{@code
 * LibraryLogLines.routeNetty(); // first thing in main: Netty's loggers are made as classes load
 * }</pre>
 */
public class LibraryLogLines extends Handler {
  /** Held: java.util.logging keeps loggers weakly, and would forget the settings. */
  private static final java.util.logging.Logger NETTY =
      java.util.logging.Logger.getLogger("io.netty");

  private static final java.util.logging.Logger SHADED_NETTY =
      java.util.logging.Logger.getLogger("io.grpc.netty.shaded.io.netty");

  private static volatile boolean nettyRouted;

  /** The loggers {@link #route(String)} set up, held for the same reason. */
  private static final java.util.Map<String, java.util.logging.Logger> ROUTED =
      new java.util.concurrent.ConcurrentHashMap<>();

  private final RateLimitedLog warnings;

  /**
   * @param name the SLF4J logger the lines go to
   */
  protected LibraryLogLines(String name) {
    this.warnings = new RateLimitedLog(LoggerFactory.getLogger(name));
  }

  /**
   * Netty's internal logging (and gRPC's shaded copy of it), which otherwise picks SLF4J and logs
   * each line, through java.util.logging to this handler. Once per process; call it before Netty's
   * classes load (their loggers are made then).
   */
  public static synchronized void routeNetty() {
    if (nettyRouted) {
      return;
    }
    nettyRouted = true;
    try {
      io.netty.util.internal.logging.InternalLoggerFactory.setDefaultFactory(
          io.netty.util.internal.logging.JdkLoggerFactory.INSTANCE);
      route(NETTY, "io.netty");
    } catch (LinkageError e) {
      // no unshaded Netty in this server
    }
    try {
      io.grpc.netty.shaded.io.netty.util.internal.logging.InternalLoggerFactory.setDefaultFactory(
          io.grpc.netty.shaded.io.netty.util.internal.logging.JdkLoggerFactory.INSTANCE);
      route(SHADED_NETTY, "io.grpc.netty.shaded.io.netty");
    } catch (LinkageError e) {
      // no gRPC in this server
    }
  }

  /**
   * Another library's java.util.logging loggers under {@code name} (Tomcat's {@code
   * org.apache.coyote}: an "Error parsing HTTP request header" and its stack trace for each
   * connection a fuzzer opens) through the same rate-limited handler. Once per name; before the
   * library logs, and after nothing resets that logger's handlers (Spring Boot's logging bridge
   * resets the root logger's only).
   */
  public static void route(String name) {
    ROUTED.computeIfAbsent(
        name,
        n -> {
          java.util.logging.Logger logger = java.util.logging.Logger.getLogger(n);
          route(logger, n);
          return logger;
        });
  }

  private static void route(java.util.logging.Logger logger, String name) {
    logger.setUseParentHandlers(false); // once, not again by a parent's handler (io.grpc's)
    logger.addHandler(new LibraryLogLines(name));
  }

  @Override
  public void publish(LogRecord record) {
    if (record.getLevel().intValue() < Level.INFO.intValue()) {
      return;
    }
    String message = record.getMessage();
    if (record.getParameters() != null && message != null && message.contains("{0")) {
      message = java.text.MessageFormat.format(message, record.getParameters());
    }
    if (message != null) {
      message = message.replaceAll("\\s*\\R\\s*", " "); // one line: Tomcat's notes have breaks
    }
    Throwable thrown = record.getThrown();
    warnings.warn(
        record.getLoggerName() + "/" + record.getLevel(),
        "{} {}: {}{}",
        record.getLevel(),
        record.getLoggerName(),
        message,
        thrown == null ? "" : ": " + thrown);
  }

  @Override
  public void flush() {
    // nothing buffered
  }

  @Override
  public void close() {
    // nothing held
  }
}
