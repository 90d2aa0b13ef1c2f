package io.rpcxbench.serverkit.service;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What a service does per call besides the logic ({@code --work 100ms --work-kind sleep}): seed
 * 002's simulated business logic, which delayed every call by 100 ms.
 *
 * <pre>{@code
 * Work work = new Work(Duration.ofMillis(100), Work.Kind.SLEEP);
 * work.perform();                 // returns after about 100 ms, the thread asleep
 * }</pre>
 *
 * @param duration wall-clock time per call; zero: none
 * @param kind how that time is spent
 */
public record Work(Duration duration, Kind kind) {
  /** No work: what a server does without {@code --work}. */
  public static final Work NONE = new Work(Duration.ZERO, Kind.SLEEP);

  /** How the time is spent. */
  public enum Kind {
    /**
     * {@code Thread.sleep}: the thread waits and uses no CPU, like a call to a database or another
     * service (seed 002's delay).
     */
    SLEEP,
    /**
     * A busy loop on the calling thread until the duration has passed: CPU-bound logic. On a shared
     * CPU the loop is preempted like any work, so this is wall time spent computing, not CPU time.
     */
    CPU;

    /** The option's spelling: {@code sleep}, {@code cpu}. */
    public String option() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Summed by the CPU loop so that the JIT cannot drop it. */
  private static volatile long sink;

  public Work {
    if (duration.isNegative()) {
      throw new IllegalArgumentException("work must not be negative: " + duration);
    }
  }

  /** Whether there is any work. */
  public boolean isNone() {
    return duration.isZero();
  }

  /**
   * Spends the duration the kind's way; returns early, with the interrupt flag set, if interrupted.
   */
  public void perform() {
    if (isNone()) {
      return;
    }
    if (kind == Kind.SLEEP) {
      try {
        TimeUnit.NANOSECONDS.sleep(duration.toNanos());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return;
    }
    long end = System.nanoTime() + duration.toNanos();
    long x = 0;
    while (System.nanoTime() - end < 0) {
      for (int i = 0; i < 256; i++) {
        x = x * 6364136223846793005L + 1442695040888963407L; // an LCG step: cheap, not foldable
      }
    }
    sink += x;
  }

  /** {@code 100ms sleep}, or {@code none}. */
  public String describe() {
    if (isNone()) {
      return "none";
    }
    long nanos = duration.toNanos();
    return (nanos % 1_000_000 == 0 ? nanos / 1_000_000 + "ms " : nanos / 1000 + "us ")
        + kind.option();
  }
}
