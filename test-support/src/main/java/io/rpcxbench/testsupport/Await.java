package io.rpcxbench.testsupport;

import java.time.Duration;
import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Waiting in tests for something to happen, rather than for a time: polls a condition every 10 ms
 * up to a generous bound and fails naming what never happened. The bound is only a guard against a
 * hang; a test never asserts how long the wait took.
 */
public final class Await {
  private static final long POLL_MILLIS = 10;

  private Await() {}

  /**
   * Returns as soon as {@code condition} holds; fails with an {@link AssertionError} naming {@code
   * what} if it does not within {@code max}.
   */
  public static void until(String what, Duration max, BooleanSupplier condition) {
    long deadline = System.nanoTime() + max.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("never happened within " + max + ": " + what);
      }
      pause();
    }
  }

  /**
   * Returns as soon as {@code done} holds; fails naming {@code what} if {@code progress} stays the
   * same for {@code stall} before that: a hang is no progress, however slow a loaded box makes the
   * work, so the bound is on a stall, not on the whole.
   */
  public static void progressing(
      String what, Duration stall, LongSupplier progress, BooleanSupplier done) {
    long last = progress.getAsLong();
    long since = System.nanoTime();
    while (!done.getAsBoolean()) {
      pause();
      long seen = progress.getAsLong();
      long now = System.nanoTime();
      if (seen != last) {
        last = seen;
        since = now;
      } else if (now - since > stall.toNanos()) {
        throw new AssertionError("no progress for " + stall + " (at " + seen + "): " + what);
      }
    }
  }

  /**
   * Returns once none of {@code counters} has changed for {@code quietFor} (bytes still on their
   * way have arrived); fails naming {@code what} if they keep changing for {@code max}.
   */
  public static void quiet(String what, Duration quietFor, Duration max, LongSupplier... counters) {
    long start = System.nanoTime();
    long deadline = start + max.toNanos();
    long[] last = read(counters);
    long stillSince = start;
    while (true) {
      pause();
      long now = System.nanoTime();
      long[] seen = read(counters);
      if (!Arrays.equals(seen, last)) {
        last = seen;
        stillSince = now;
      } else if (now - stillSince >= quietFor.toNanos()) {
        return;
      }
      if (now - deadline > 0) {
        throw new AssertionError(
            "never quiet for "
                + quietFor
                + " within "
                + max
                + ": "
                + what
                + " "
                + Arrays.toString(seen));
      }
    }
  }

  private static long[] read(LongSupplier... counters) {
    long[] values = new long[counters.length];
    for (int i = 0; i < counters.length; i++) {
      values[i] = counters[i].getAsLong();
    }
    return values;
  }

  private static void pause() {
    try {
      Thread.sleep(POLL_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting", e);
    }
  }
}
