package io.rpcxbench.runner.point;

import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.StdinArguments;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs one point's harness: in a JVM of its own ({@link Forked}, the paper's method: every point
 * starts cold, as JMH's forks) or in this JVM ({@link InProcess}: no JVM start per point, for tests
 * and quick looks). Every line the harness prints goes to {@code lines}.
 */
public interface PointLauncher {
  /** The exit code a point gets when the backstop stopped it (as coreutils' timeout). */
  int BACKSTOP = 124;

  /**
   * The harness's exit code for arguments it cannot run; a launcher that cannot plan them says so
   * too.
   */
  int USAGE = 2;

  /** Runs the point {@code args}, whose file is {@code file}; its harness's exit code. */
  int run(List<String> args, java.nio.file.Path file, Consumer<String> lines)
      throws InterruptedException;

  /**
   * Stops the running point from outside (its harness writes its finished runs), and a JVM started
   * ahead for the next.
   */
  void stop();

  /**
   * Starts the next point's JVM ahead, while a server starts ({@code commonArgs}: the options every
   * point gets); by default nothing.
   */
  default void prestart(List<String> commonArgs) {}

  /** One JVM per point, stopped {@code backstopMs} after its start if it has not ended. */
  final class Forked implements PointLauncher {
    public static final long KILL_AFTER_MS = 10_000;

    private final List<String> runner;
    private final List<String> jvmFlags;
    private final long backstopMs;
    private final OwnProcesses own;
    private final String classPath;
    private final ClassDataArchives archives;
    private volatile Process current;
    private volatile Waiting waiting;

    /** {@code jvmFlags} null: this JVM's flags; {@code runner}: a prefix, e.g. lab.sh exec a --. */
    public Forked(List<String> runner, List<String> jvmFlags, long backstopMs, OwnProcesses own) {
      this(runner, jvmFlags, backstopMs, own, null, ClassDataArchives.off("not asked for"));
    }

    /**
     * {@code classPath}: the harness JVMs' class path instead of this JVM's (null: this JVM's);
     * {@code archives}: their class-data archives (none for a point of the cold method).
     */
    public Forked(
        List<String> runner,
        List<String> jvmFlags,
        long backstopMs,
        OwnProcesses own,
        String classPath,
        ClassDataArchives archives) {
      this.runner = List.copyOf(runner);
      this.jvmFlags = jvmFlags;
      this.backstopMs = backstopMs;
      this.own = own;
      this.classPath = classPath;
      this.archives = archives;
    }

    /**
     * Starts the next point's JVM now, so that it starts while a server does; {@link #run} hands it
     * its arguments. Not for the paper's cold method ({@code commonArgs}: the options every point
     * of the run gets), whose JVM starts with its point.
     */
    @Override
    public void prestart(List<String> commonArgs) {
      if (waiting != null || ClassDataArchives.coldStart(commonArgs)) {
        return;
      }
      Fork f = fork(List.of(StdinArguments.OPTION), commonArgs);
      try {
        Process p =
            new ProcessBuilder(f.command())
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
        own.add(p.toHandle(), "the next point's JVM, waiting for its arguments");
        waiting = new Waiting(p, f);
      } catch (IOException e) {
        // the point starts its JVM itself
      }
    }

    @Override
    public int run(List<String> args, java.nio.file.Path file, Consumer<String> lines)
        throws InterruptedException {
      Waiting w = waiting;
      waiting = null;
      Fork f;
      Process p;
      if (w != null && w.handOver(args)) {
        f = w.fork();
        p = w.process();
      } else {
        if (w != null) {
          w.cancel(own);
        }
        f = fork(args, args);
        try {
          p =
              new ProcessBuilder(f.command())
                  .redirectErrorStream(true)
                  .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                  .start();
        } catch (IOException e) {
          lines.accept("cannot start the point's JVM: " + e.getMessage());
          return 1;
        }
        own.add(p.toHandle(), "point " + file.toAbsolutePath());
      }
      int code = BACKSTOP;
      try {
        code = await(p, lines);
        return code;
      } finally {
        if (code == BACKSTOP) {
          f.archive().discard();
        } else {
          f.archive().settle();
        }
      }
    }

    /** The command of a harness JVM given {@code harnessArgs}, its archive chosen by {@code as}. */
    private Fork fork(List<String> harnessArgs, List<String> as) {
      List<String> fork = new ArrayList<>(HarnessPoints.forkCommand(harnessArgs, jvmFlags));
      int cp = fork.indexOf("-cp") + 1;
      if (classPath != null) {
        fork.set(cp, classPath);
      }
      ClassDataArchives.Archive archive =
          archives.unlessCold(as).forJvm(fork.get(cp), fork.subList(1, cp - 1));
      fork.addAll(1, archive.flags());
      List<String> command = new ArrayList<>(runner);
      command.addAll(fork);
      return new Fork(command, archive);
    }

    private int await(Process p, Consumer<String> lines) throws InterruptedException {
      current = p;
      Thread reader = new Thread(() -> forward(p, lines), "point-output");
      reader.start();
      try {
        if (p.waitFor(backstopMs, TimeUnit.MILLISECONDS)) {
          reader.join(5_000);
          return p.exitValue();
        }
        lines.accept("the point ran past its limit and grace; stopped from outside");
        terminate(p);
        reader.join(5_000);
        return BACKSTOP;
      } finally {
        own.remove(p.toHandle());
        current = null;
      }
    }

    /** A harness JVM's command and its class-data archive. */
    private record Fork(List<String> command, ClassDataArchives.Archive archive) {}

    /** A JVM started ahead of its point, reading its arguments from its standard input. */
    private record Waiting(Process process, Fork fork) {
      /**
       * Gives the JVM {@code args}; false when it is gone, or the point is one of the cold method.
       */
      boolean handOver(List<String> args) {
        if (!process.isAlive() || ClassDataArchives.coldStart(args)) {
          return false;
        }
        try (OutputStream in = process.getOutputStream()) {
          in.write(StdinArguments.encode(args));
          return true;
        } catch (IOException e) {
          return false;
        }
      }

      /** Ends the JVM: its input closes with no arguments, and it exits. */
      void cancel(OwnProcesses own) throws InterruptedException {
        try {
          process.getOutputStream().close();
        } catch (IOException e) {
          // gone already
        }
        if (!process.waitFor(KILL_AFTER_MS, TimeUnit.MILLISECONDS)) {
          process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
          fork.archive().discard();
        } else {
          fork.archive().settle();
        }
        own.remove(process.toHandle());
      }
    }

    /** Hands every line {@code p} prints to {@code lines}, until it closes its output. */
    public static void forward(Process p, Consumer<String> lines) {
      try (BufferedReader r =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          lines.accept(line);
        }
      } catch (IOException e) {
        // the process went away
      }
    }

    private static void terminate(Process p) throws InterruptedException {
      p.destroy();
      if (!p.waitFor(KILL_AFTER_MS, TimeUnit.MILLISECONDS)) {
        p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    }

    @Override
    public void stop() {
      Process p = current;
      Waiting w = waiting;
      waiting = null;
      try {
        if (w != null) {
          w.cancel(own);
        }
        if (p != null) {
          terminate(p);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The point in this JVM: no JVM start, no backstop (the harness keeps its own limit). */
  final class InProcess implements PointLauncher {
    @Override
    public int run(List<String> args, java.nio.file.Path file, Consumer<String> lines) {
      PrintWriter w = new PrintWriter(new LineWriter(lines), true);
      int code = HarnessPoints.runHere(args, w, w);
      w.flush();
      return code;
    }

    @Override
    public void stop() {
      // the harness's shutdown hook writes the runs so far
    }
  }

  /** A writer that hands on whole lines. */
  final class LineWriter extends Writer {
    private final Consumer<String> lines;
    private final StringBuilder pending = new StringBuilder();

    LineWriter(Consumer<String> lines) {
      this.lines = lines;
    }

    @Override
    public synchronized void write(char[] buf, int off, int len) {
      for (int i = off; i < off + len; i++) {
        char c = buf[i];
        if (c == '\n') {
          lines.accept(pending.toString());
          pending.setLength(0);
        } else if (c != '\r') {
          pending.append(c);
        }
      }
    }

    @Override
    public synchronized void flush() {
      if (pending.length() > 0) {
        lines.accept(pending.toString());
        pending.setLength(0);
      }
    }

    @Override
    public void close() {
      flush();
    }
  }
}
