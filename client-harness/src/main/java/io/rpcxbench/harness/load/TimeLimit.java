package io.rpcxbench.harness.load;

import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.config.TimeLimitPer;
import java.time.Duration;

/**
 * The deadlines of {@code --time-limit}: one for the whole point, counted from the harness's start
 * (the paper's 600 s per point), or one per run, counted from the run's release. In nanoTime.
 */
public final class TimeLimit {
  /** No deadline. */
  public static final long NEVER = Long.MAX_VALUE;

  /** No limit at all. */
  static final TimeLimit NONE = new TimeLimit(NEVER, NEVER);

  private final long pointDeadline;
  private final long perRunNanos;

  private TimeLimit(long pointDeadline, long perRunNanos) {
    this.pointDeadline = pointDeadline;
    this.perRunNanos = perRunNanos;
  }

  /** The limit of {@code config}, with the point's clock started at {@code startNanos}. */
  public static TimeLimit of(RunConfig config, long startNanos) {
    Duration limit = config.load().timeLimit();
    if (limit.isZero()) {
      return NONE;
    }
    return config.load().timeLimitPer() == TimeLimitPer.POINT
        ? new TimeLimit(startNanos + limit.toNanos(), NEVER)
        : new TimeLimit(NEVER, limit.toNanos());
  }

  /** The deadline of the warm-up: the point's (a per-run limit does not bound it). */
  public long warmupDeadline() {
    return pointDeadline;
  }

  /** The deadline of a run released at {@code releasedNanos}. */
  long runDeadline(long releasedNanos) {
    long run = perRunNanos == NEVER ? NEVER : releasedNanos + perRunNanos;
    return Math.min(run, pointDeadline);
  }

  /** Nanoseconds left until {@code deadline} (0 when past). */
  static long remaining(long deadline) {
    return deadline == NEVER ? NEVER : Math.max(0, deadline - System.nanoTime());
  }

  /** Thrown when a deadline passes before the load threads are done. */
  public static final class Reached extends Exception {
    private static final long serialVersionUID = 1L;

    Reached() {
      super("time limit reached", null, false, false);
    }
  }
}
