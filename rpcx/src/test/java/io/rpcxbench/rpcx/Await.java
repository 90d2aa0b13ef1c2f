package io.rpcxbench.rpcx;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waiting for a condition rather than for a time, as test-support's {@code Await}, which this
 * module's tests do not see (rpcx is below test-support in the build).
 */
final class Await {
  private Await() {}

  /** Returns once {@code condition} holds; fails naming {@code what} if not within {@code max}. */
  static void until(String what, Duration max, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + max.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("never happened within " + max + ": " + what);
      }
      Thread.sleep(10);
    }
  }
}
