package io.rpcxbench.harness;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.protocol.Protocol;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs each protocol in a JVM of its own, one after another (as JMH forks do): the same java
 * binary, class path and JVM flags as this one, plus the hidden {@code --worker} option. The
 * workers' stdout and stderr are forwarded to this command's stderr, line by line.
 */
final class WorkerForks {
  /** How long a stopped worker may take to write its finished runs before SIGKILL. */
  private static final long WORKER_STOP_SECONDS = 5;

  private final RunConfig config;
  private final PrintWriter err;
  private final List<String> consoleArgs;

  WorkerForks(RunConfig config, PrintWriter err) {
    this(config, err, List.of());
  }

  /** {@code consoleArgs}: the live line's and the metrics' options, as decided by the parent. */
  WorkerForks(RunConfig config, PrintWriter err, List<String> consoleArgs) {
    this.config = config;
    this.err = err;
    this.consoleArgs = List.copyOf(consoleArgs);
  }

  List<PointRun.PointOutcome> runEach() {
    List<PointRun.PointOutcome> outcomes = new ArrayList<>();
    for (Protocol p : config.protocols()) {
      outcomes.add(new PointRun.PointOutcome(p, fork(p)));
    }
    return outcomes;
  }

  /** The worker command line for one protocol: this JVM's java, flags and class path. */
  List<String> command(Protocol protocol) {
    List<String> command = HarnessPoints.forkCommand(config.forProtocol(protocol).toArgs(), null);
    command.addAll(consoleArgs);
    command.add("--worker");
    return command;
  }

  private int fork(Protocol protocol) {
    err.println(protocol + ": forking a JVM of its own");
    err.flush();
    Process process;
    try {
      process = new ProcessBuilder(command(protocol)).start();
    } catch (IOException e) {
      err.println(protocol + ": cannot start a worker JVM: " + e.getMessage());
      return ExitCode.FAILED.code();
    }
    // If this JVM is stopped (sweep.sh, Ctrl-C), the worker goes with it: SIGTERM first, so
    // that its own hook writes the runs it finished, then SIGKILL.
    Thread reaper = new Thread(() -> stop(process), "reap-" + protocol);
    Runtime.getRuntime().addShutdownHook(reaper);
    Thread stdout = forward(process.getInputStream(), protocol + "-out");
    Thread stderr = forward(process.getErrorStream(), protocol + "-err");
    try {
      // stdin stays open and unwritten: its end tells the worker this JVM is gone (ParentWatch)
      int code = process.waitFor();
      stdout.join();
      stderr.join();
      // 0, 1, 2, 3 and 5 are the worker's own codes; anything else (a signal, a crash) is a
      // failure.
      return (code >= ExitCode.OK.code() && code <= ExitCode.DROPPED.code())
              || code == ExitCode.CONTENDED.code()
          ? code
          : ExitCode.FAILED.code();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      return ExitCode.FAILED.code();
    } finally {
      closeQuietly(process);
      try {
        Runtime.getRuntime().removeShutdownHook(reaper);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running already
      }
    }
  }

  private static void closeQuietly(Process process) {
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // the worker is gone already
    }
  }

  private static void stop(Process process) {
    process.destroy();
    try {
      if (!process.waitFor(WORKER_STOP_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private Thread forward(InputStream stream, String name) {
    Thread t =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                  synchronized (err) {
                    err.println(line);
                    err.flush();
                  }
                }
              } catch (IOException e) {
                // the worker is gone; its exit code tells the rest
              }
            },
            "forward-" + name);
    t.setDaemon(true);
    t.start();
    return t;
  }
}
