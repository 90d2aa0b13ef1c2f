package io.rpcxbench.harness.load;

import io.rpcxbench.harness.config.LoadModel;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.output.RunResult;
import io.rpcxbench.harness.protocol.CallKind;
import io.rpcxbench.spi.BenchClient;
import java.time.Duration;

/**
 * What the models that start calls through a {@link CallLauncher} share ({@link OpenLoopRunner},
 * {@link InFlightRunner}): the time limit's checks before a run or warm-up, a run without a limit,
 * the tally of a run, and closing. A subclass says how a run and a warm-up start their calls.
 */
abstract class LauncherRunner implements PointRunner {
  final RunConfig config;
  final LoadModel model;
  final CallLauncher launcher;
  final IntervalLog log;

  /** {@code slots}: how many calls may be out at once. */
  LauncherRunner(
      BenchClient client, RunConfig config, CallKind.CallInput input, IntervalLog log, int slots) {
    this.config = config;
    this.model = config.loadModel();
    this.launcher =
        new CallLauncher(client, config.load().call(), input, slots, config.target().timeout());
    this.log = log;
  }

  /**
   * One run, ended as soon as {@code deadline} (a nanoTime, or {@link TimeLimit#NEVER}) passes: no
   * call starts after it and the run is not recorded (calls still out are left to the JVM's exit).
   */
  abstract RunResult run(int order, long deadline) throws InterruptedException, TimeLimit.Reached;

  /** The warm-up for {@code duration}, ended as {@link #run(int, long)} is by {@code deadline}. */
  abstract LoadRunner.Warmup warmUpUntil(Duration duration, long deadline)
      throws InterruptedException, TimeLimit.Reached;

  /** A fresh tally of calls, its in-flight count read from the launcher. */
  final CallTally tally() {
    return new CallTally(model.failAfterNanos(), launcher::outstanding);
  }

  @Override
  public final RunResult run(int order) throws InterruptedException {
    try {
      return run(order, TimeLimit.NEVER);
    } catch (TimeLimit.Reached e) {
      throw new IllegalStateException("no deadline, yet reached", e);
    }
  }

  /** The run under {@code --time-limit}; {@code since} is the closed loop's (--cold-start). */
  @Override
  public final RunResult run(int order, long since, TimeLimit limit)
      throws InterruptedException, TimeLimit.Reached {
    long deadline = limit.runDeadline(System.nanoTime());
    if (TimeLimit.remaining(deadline) == 0) {
      throw new TimeLimit.Reached();
    }
    return run(order, deadline);
  }

  @Override
  public final LoadRunner.Warmup warmUp(Duration duration) throws InterruptedException {
    try {
      return warmUpUntil(duration, TimeLimit.NEVER);
    } catch (TimeLimit.Reached e) {
      throw new IllegalStateException("no deadline, yet reached", e);
    }
  }

  /** The warm-up, ended by the point's time limit as soon as it passes. */
  @Override
  public final LoadRunner.Warmup warmUp(Duration duration, long limitDeadline)
      throws InterruptedException, TimeLimit.Reached {
    if (TimeLimit.remaining(limitDeadline) == 0) {
      throw new TimeLimit.Reached();
    }
    return warmUpUntil(duration, limitDeadline);
  }

  @Override
  public final boolean async() {
    return launcher.async();
  }

  @Override
  public final void close() {
    launcher.close();
    if (log != null) {
      log.close();
    }
  }
}
