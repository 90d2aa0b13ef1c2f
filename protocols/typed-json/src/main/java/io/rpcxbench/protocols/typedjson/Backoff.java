package io.rpcxbench.protocols.typedjson;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Reconnect delays: exponential from {@link #INITIAL}, doubling up to {@link #MAX}, each spread by
 * ±{@link #JITTER} so that clients that lost the same server do not come back in step (gRPC's
 * connection back-off, with a cap short enough for a benchmark: a server that is back is used again
 * within ~2.4 s).
 */
final class Backoff {
  static final Duration INITIAL = Duration.ofMillis(100);
  static final Duration MAX = Duration.ofSeconds(2);
  static final double MULTIPLIER = 2;
  static final double JITTER = 0.2;

  private Backoff() {}

  /** The delay before reconnect attempt {@code attempt} (0 after the first failure). */
  static long delayNanos(int attempt) {
    return delayNanos(attempt, ThreadLocalRandom.current().nextDouble());
  }

  /** With {@code random} in [0, 1): the jitter's draw. */
  static long delayNanos(int attempt, double random) {
    double base =
        Math.min(MAX.toNanos(), INITIAL.toNanos() * Math.pow(MULTIPLIER, Math.min(attempt, 30)));
    return (long) (base * (1 + JITTER * (2 * random - 1)));
  }

  static String describe() {
    return "reconnect back-off "
        + INITIAL.toMillis()
        + " ms x"
        + (int) MULTIPLIER
        + " up to "
        + MAX.toMillis()
        + " ms, jitter "
        + (int) (JITTER * 100)
        + " %";
  }
}
