package io.rpcxbench.runner.point;

import io.rpcxbench.api.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What sweep, choose and compare do around their work on an {@code --out} folder: one run at a time
 * ({@link SweepLock}, exit {@link ExitCode#LOCKED} for the second), a timed log file {@code
 * <name>-<stamp>.log} there, the processes a killed run left stopped ({@link OwnProcesses}), and a
 * shutdown hook for Ctrl-C that stops what this run started; afterwards the same, whether the work
 * ended or threw.
 *
 * <pre>{@code
 * int code = new OutFolderRun(out, "compare", log).run(holder, h -> "another run ... " + h, steps);
 * }</pre>
 */
public final class OutFolderRun {

  /** The work and its ends; only {@link #work} is required. */
  public interface Steps {
    /** The work, with the processes it starts registered in {@code own}; its exit code. */
    int work(OwnProcesses own) throws IOException, InterruptedException;

    /** In the shutdown hook while the work runs (Ctrl-C): stop what runs; own is cleared after. */
    void interrupted();

    /** After the work, ended or thrown (and not after the hook): stop the servers. */
    void close();

    /** The processes of a killed earlier run on this folder, just stopped. */
    default void strays(List<OwnProcesses.Entry> stopped) throws IOException {}
  }

  private final Path out;
  private final String name;
  private final SweepLog log;
  private volatile boolean done;

  public OutFolderRun(Path out, String name, SweepLog log) {
    this.out = out;
    this.name = name;
    this.log = log;
  }

  /**
   * Runs {@code steps} holding the lock; {@link ExitCode#LOCKED} with {@code lockedLine(holder)}
   * logged when another process holds it.
   */
  public int run(String holder, UnaryOperator<String> lockedLine, Steps steps)
      throws IOException, InterruptedException {
    Files.createDirectories(out);
    SweepLock lock = SweepLock.tryTake(out, holder);
    if (lock == null) {
      log.line(lockedLine.apply(SweepLock.holder(out)));
      return ExitCode.LOCKED.code();
    }
    try (lock) {
      String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
      log.openFile(out.toAbsolutePath().resolve(name + "-" + stamp + ".log"));
      steps.strays(OwnProcesses.cleanStrays(out, LocalServers.STOP_GRACE_MS));
      OwnProcesses own = new OwnProcesses(out);
      Thread hook = new Thread(() -> interrupted(steps, own), name + "-interrupt");
      Runtime.getRuntime().addShutdownHook(hook);
      try {
        return steps.work(own);
      } finally {
        done = true;
        steps.close();
        own.clear();
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
          // the hook runs
        }
      }
    }
  }

  /**
   * The hook: the work's own stop, then a backstop for what it missed: the processes still
   * registered (and every later one, refused: this run's thread goes on until the JVM halts), and
   * any other process this JVM started (a report's JVM). Also after the work, while it closes.
   */
  private void interrupted(Steps steps, OwnProcesses own) {
    try {
      if (!done) {
        steps.interrupted();
      }
    } finally {
      own.stopAll(LocalServers.STOP_GRACE_MS);
      OwnProcesses.stop(ProcessHandle.current().descendants().toList(), LocalServers.STOP_GRACE_MS);
    }
  }
}
