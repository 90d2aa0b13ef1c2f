package io.rpcxbench.harness.load;

import io.rpcxbench.harness.output.RunResult;
import java.time.Duration;
import org.HdrHistogram.Recorder;

/**
 * The paper's closed loop ({@link LoadRunner}, unchanged) as a {@link PointRunner}, with --hlog.
 */
final class ClosedLoop implements PointRunner {
  private final LoadRunner runner;
  private final IntervalLog log;
  private final Recorder intervals;
  private final int threads;

  /** {@code log}: the --hlog file, or the clock of the live figures; null for neither. */
  ClosedLoop(LoadRunner runner, IntervalLog log, int threads) {
    this.threads = threads;
    this.runner = runner;
    this.log = log;
    this.intervals = log == null ? null : CallTally.newRecorder();
    if (intervals != null) {
      runner.recordIntervalsInto(intervals);
    }
  }

  @Override
  public RunResult run(int order) throws InterruptedException {
    try {
      return run(order, -1, TimeLimit.NONE);
    } catch (TimeLimit.Reached e) {
      throw new IllegalStateException("no time limit, yet it was reached", e);
    }
  }

  @Override
  public RunResult run(int order, long since, TimeLimit limit)
      throws InterruptedException, TimeLimit.Reached {
    if (log == null) {
      return runner.run(order, since, limit);
    }
    intervals.getIntervalHistogram(); // the first interval starts now
    log.comment("order " + order);
    // in flight: the closed loop's T threads are each in a call, but for an instant between two
    try (IntervalLog.Sampler s =
        log.every(
            order,
            () ->
                new CallTally.Interval(
                    intervals.getIntervalHistogram(), null, runner.errorsSoFar(), 0, threads))) {
      return runner.run(order, since, limit);
    }
  }

  @Override
  public LoadRunner.Warmup warmUp(Duration duration) throws InterruptedException {
    try {
      return runner.warmUp(duration, TimeLimit.NEVER);
    } catch (TimeLimit.Reached e) {
      throw new IllegalStateException("no time limit, yet it was reached", e);
    }
  }

  @Override
  public LoadRunner.Warmup warmUp(Duration duration, long limitDeadline)
      throws InterruptedException, TimeLimit.Reached {
    return runner.warmUp(duration, limitDeadline);
  }

  @Override
  public void prepare(int order) throws InterruptedException {
    runner.prepare(order);
  }

  @Override
  public void releaseAt(io.rpcxbench.harness.config.FleetMember fleet) {
    runner.releaseAt(fleet);
  }

  @Override
  public boolean async() {
    return false;
  }

  @Override
  public void close() {
    runner.close();
    if (log != null) {
      log.close();
    }
  }
}
