package io.rpcxbench.rpcx;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The wait between failed connection attempts: doubles from {@link #INITIAL} to {@link #MAX}, each
 * wait spread by +-20 % so that many clients of a restarted server do not all dial at once (gRPC's
 * connection backoff, with shorter bounds for a benchmark on one network). Not thread-safe: the
 * {@link Connection} that owns it holds its lock.
 */
final class Backoff {
  static final Duration INITIAL = Duration.ofMillis(50);
  static final Duration MAX = Duration.ofSeconds(2);
  private static final double JITTER = 0.2;

  private long nextNanos = INITIAL.toNanos();

  /** The wait before the next attempt, after one more failure. */
  long nextDelayNanos() {
    long base = nextNanos;
    nextNanos = Math.min(MAX.toNanos(), base * 2);
    double spread = 1 + JITTER * (2 * ThreadLocalRandom.current().nextDouble() - 1);
    return (long) (base * spread);
  }

  /** A connection succeeded: the next failure waits the shortest again. */
  void reset() {
    nextNanos = INITIAL.toNanos();
  }
}
