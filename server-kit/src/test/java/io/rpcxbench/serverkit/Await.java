package io.rpcxbench.serverkit;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waiting for a condition rather than for a time, as test-support's {@code Await}, which this
 * module's tests do not see (test-support depends on server-kit). Public for the tests of {@code
 * serverkit.netty}.
 */
public final class Await {
  private Await() {}

  /** Returns once {@code condition} holds; fails naming {@code what} if not within {@code max}. */
  public static void until(String what, Duration max, BooleanSupplier condition) {
    long deadline = System.nanoTime() + max.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("never happened within " + max + ": " + what);
      }
      try {
        Thread.sleep(10); // between polls of the condition
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while waiting: " + what, e);
      }
    }
  }
}
