package io.rpcxbench.harness;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.api.StdinEnd;
import java.io.InputStream;

/**
 * A forked worker's tie to the harness that forked it ({@link WorkerForks}): the parent keeps the
 * worker's stdin open and never writes to it, so end-of-file on stdin means the parent is gone
 * (killed with SIGKILL, whose shutdown hooks never run). The worker then exits as if stopped from
 * outside: its shutdown hook writes the runs that finished with status {@code incomplete}, never a
 * {@code complete} file for a point whose next protocols will not run.
 */
final class ParentWatch {
  private ParentWatch() {}

  /** Starts the watch of {@code stdin}; {@code exit} runs at its end ({@link StdinEnd}). */
  static Thread start(InputStream stdin, Runnable exit) {
    return StdinEnd.watch(stdin, "parent-watch", exit);
  }

  /**
   * The watch of this JVM's worker: stdin's end exits with {@link ExitCode#PARENT_GONE} (128 +
   * SIGHUP, as a shell's hang-up).
   */
  static void startForWorker() {
    start(
        System.in,
        () -> {
          System.err.println("harness worker: the harness that forked it is gone; stopping");
          System.exit(ExitCode.PARENT_GONE.code());
        });
  }
}
