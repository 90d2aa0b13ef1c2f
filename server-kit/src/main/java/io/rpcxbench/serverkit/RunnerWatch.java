package io.rpcxbench.serverkit;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.api.StdinEnd;
import java.io.InputStream;

/**
 * A server's tie to the runner that started it (client-harness's {@code LocalServers}, which passes
 * {@code -D}{@value #PROPERTY}{@code =stdin}): the runner keeps the server's stdin open and never
 * writes to it, so end-of-file there means the runner is gone, even killed with SIGKILL, whose
 * hooks never run. The server then stops as on SIGTERM, instead of serving nobody for hours. A
 * server started by hand (its stdin a terminal or /dev/null) is not watched.
 */
final class RunnerWatch {
  /** The system property that arms the watch; its one value: {@code stdin}. */
  static final String PROPERTY = "rpcxbench.server.parent";

  private RunnerWatch() {}

  /** Starts the watch of {@code System.in} when {@link #PROPERTY} asks for it. */
  static void startIfAsked(String serverId) {
    if ("stdin".equals(System.getProperty(PROPERTY))) {
      start(
          System.in,
          () -> {
            System.err.println(serverId + ": the runner that started it is gone; stopping");
            System.exit(ExitCode.PARENT_GONE.code()); // runs the server's graceful stop
          });
    }
  }

  /** Starts the watch of {@code stdin}; {@code gone} runs at its end ({@link StdinEnd}). */
  static Thread start(InputStream stdin, Runnable gone) {
    return StdinEnd.watch(stdin, "parent-watch", gone);
  }
}
