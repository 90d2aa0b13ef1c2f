package io.rpcxbench.harness.load;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * When the open loop's calls are meant to start, as offsets from the run's start: every intended
 * start comes from the schedule, never from when the previous call was sent or answered, so a
 * server that stalls cannot slow the load down (wrk2's way).
 */
public enum Arrivals {
  /**
   * Call i of a step at {@code stepStart + i / rate}: evenly spaced (wrk2, k6
   * constant-arrival-rate).
   */
  UNIFORM,
  /**
   * A Poisson process: exponential gaps with mean {@code 1 / rate}, seeded per run (reproducible).
   */
  POISSON;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Arrivals parse(String text) {
    for (Arrivals a : values()) {
      if (a.id().equalsIgnoreCase(text.trim())) {
        return a;
      }
    }
    throw new IllegalArgumentException("--arrivals: '" + text + "' is not uniform or poisson");
  }

  /** The offsets of one run, in ns from its start, ascending. */
  Times times(RateSchedule schedule, long seed) {
    return new Times(this, schedule, seed);
  }

  /** Iterates a run's intended start offsets; {@link #next()} returns -1 after the last. */
  static final class Times {
    private final Arrivals arrivals;
    private final RateSchedule schedule;
    private final SplittableRandom random;
    private int step;
    private long stepStart;
    private long index;
    private double poissonOffset;

    Times(Arrivals arrivals, RateSchedule schedule, long seed) {
      this.arrivals = arrivals;
      this.schedule = schedule;
      this.random = new SplittableRandom(seed);
    }

    long next() {
      while (step < schedule.steps().size()) {
        RateSchedule.Step s = schedule.steps().get(step);
        long length = s.duration().toNanos();
        long offset;
        if (arrivals == UNIFORM) {
          offset = index < s.uniformCalls() ? (long) (index * 1e9 / s.rate()) : length;
        } else {
          // Memoryless: a fresh gap from the step's start is as good as the rest of the last one.
          poissonOffset += -Math.log(1 - random.nextDouble()) * 1e9 / s.rate();
          offset = (long) poissonOffset;
        }
        if (offset < length) {
          index++;
          return stepStart + offset;
        }
        stepStart += length;
        step++;
        index = 0;
        poissonOffset = 0;
      }
      return -1;
    }
  }
}
