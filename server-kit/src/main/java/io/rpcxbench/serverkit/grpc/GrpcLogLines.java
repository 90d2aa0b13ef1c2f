package io.rpcxbench.serverkit.grpc;

import io.rpcxbench.serverkit.LibraryLogLines;

/**
 * grpc-java's own log lines (java.util.logging: a "Transport failed" and a stack trace per broken
 * connection, a fuzzer's every input), as one line per kind and 10 s: its {@code io.grpc} loggers
 * go to this handler instead of the console, and each record becomes a rate-limited SLF4J warning
 * of its logger, level and message, the exception as one line.
 */
final class GrpcLogLines extends LibraryLogLines {
  /** Held: java.util.logging keeps loggers weakly, and would forget the settings. */
  private static final java.util.logging.Logger GRPC =
      java.util.logging.Logger.getLogger("io.grpc");

  private static volatile boolean installed;

  private GrpcLogLines() {
    super("io.grpc");
  }

  /** Routes grpc-java's logging here, once per process. */
  static synchronized void install() {
    if (installed) {
      return;
    }
    installed = true;
    GRPC.setUseParentHandlers(false);
    GRPC.addHandler(new GrpcLogLines());
  }
}
