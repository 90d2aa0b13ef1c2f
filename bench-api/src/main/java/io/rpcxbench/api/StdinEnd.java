package io.rpcxbench.api;

import java.io.IOException;
import java.io.InputStream;

/**
 * A JVM's tie to the process that started it: that process keeps this JVM's stdin open and never
 * writes to it, so end-of-file there means it is gone, even killed with SIGKILL, whose shutdown
 * hooks never run. The one rule of the harness's forked workers ({@code ParentWatch}) and of the
 * servers a runner starts ({@code RunnerWatch}).
 *
 * <pre>{@code
 * StdinEnd.watch(System.in, "parent-watch", () -> System.exit(ExitCode.PARENT_GONE.code()));
 * }</pre>
 */
public final class StdinEnd {
  private StdinEnd() {}

  /**
   * Starts a daemon thread named {@code name} that reads {@code stdin} to its end (a broken pipe is
   * an end too), discarding what it reads, then runs {@code gone}.
   */
  public static Thread watch(InputStream stdin, String name, Runnable gone) {
    Thread t =
        new Thread(
            () -> {
              try {
                byte[] ignored = new byte[256];
                while (stdin.read(ignored) >= 0) {
                  // the starter writes nothing; anything read is discarded
                }
              } catch (IOException e) {
                // a broken pipe is the starter's end too
              }
              gone.run();
            },
            name);
    t.setDaemon(true);
    t.start();
    return t;
  }
}
