package io.rpcxbench.harness.load;

import io.rpcxbench.harness.config.Arrivals;
import io.rpcxbench.harness.config.RateSchedule;
import java.util.SplittableRandom;

/**
 * The intended start offsets of one open-loop run, in ns from its start, ascending, as {@link
 * Arrivals} spaces them over the schedule's steps; {@link #next()} returns -1 after the last.
 */
final class ArrivalTimes {
  private final Arrivals arrivals;
  private final RateSchedule schedule;
  private final SplittableRandom random;
  private int step;
  private long stepStart;
  private long index;
  private double poissonOffset;

  ArrivalTimes(Arrivals arrivals, RateSchedule schedule, long seed) {
    this.arrivals = arrivals;
    this.schedule = schedule;
    this.random = new SplittableRandom(seed);
  }

  long next() {
    while (step < schedule.steps().size()) {
      RateSchedule.Step s = schedule.steps().get(step);
      long length = s.duration().toNanos();
      long offset;
      if (arrivals == Arrivals.UNIFORM) {
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
