package io.rpcxbench.serverkit.grpc;

import io.rpcxbench.serverkit.RateLimitedLog;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.slf4j.LoggerFactory;

/**
 * grpc-java's own log lines (java.util.logging: a "Transport failed" and a stack trace per broken
 * connection, a fuzzer's every input), as one line per kind and 10 s: its {@code io.grpc} loggers
 * go to this handler instead of the console, and each record becomes a rate-limited SLF4J warning
 * of its logger, level and message, the exception as one line.
 */
final class GrpcLogLines extends Handler {
  /** Held: java.util.logging keeps loggers weakly, and would forget the settings. */
  private static final java.util.logging.Logger GRPC =
      java.util.logging.Logger.getLogger("io.grpc");

  private static volatile boolean installed;

  private final RateLimitedLog warnings = new RateLimitedLog(LoggerFactory.getLogger("io.grpc"));

  private GrpcLogLines() {}

  /** Routes grpc-java's logging here, once per process. */
  static synchronized void install() {
    if (installed) {
      return;
    }
    installed = true;
    GRPC.setUseParentHandlers(false);
    GRPC.addHandler(new GrpcLogLines());
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
