package io.rpcxbench.serverkit;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The daemon thread that runs a server's check of its connections against the kit's time limits
 * ({@code --idle-timeout}, {@code --frame-deadline}, {@code --handshake-deadline}) every quarter of
 * the shortest one, so a limit is late by at most that; no thread when none is set. No {@link
 * Throwable} stops it: a check that fails is logged and runs again next time.
 */
final class ConnectionWatchdog {
  private final String name;
  private final RateLimitedLog warnings;
  private final Runnable check;
  private final ScheduledExecutorService thread; // null: no time limit to watch

  private ConnectionWatchdog(
      String name, RateLimitedLog warnings, Runnable check, ScheduledExecutorService thread) {
    this.name = name;
    this.warnings = warnings;
    this.check = check;
    this.thread = thread;
  }

  /**
   * Starts running {@code check} if {@code limits} has a time limit.
   *
   * @param name the protocol's id, for the thread's name and log lines
   * @param warnings where a failed check is logged (the server's)
   */
  static ConnectionWatchdog start(
      String name, ServerLimits limits, RateLimitedLog warnings, Runnable check) {
    ConnectionWatchdog watchdog =
        new ConnectionWatchdog(name, warnings, check, thread(name, limits));
    if (watchdog.thread != null) {
      long period = watchPeriodNanos(limits);
      watchdog.thread.scheduleWithFixedDelay(watchdog::watch, period, period, TimeUnit.NANOSECONDS);
    }
    return watchdog;
  }

  private static ScheduledExecutorService thread(String name, ServerLimits limits) {
    if (!limits.hasIdleTimeout() && !limits.hasFrameDeadline() && !limits.hasHandshakeDeadline()) {
      return null;
    }
    return Executors.newSingleThreadScheduledExecutor(
        task -> {
          Thread t = new Thread(task, name + "-watchdog");
          t.setDaemon(true);
          return t;
        });
  }

  /** A quarter of the shortest limit, within 10 ms .. 1 s: a limit is late by at most that. */
  private static long watchPeriodNanos(ServerLimits limits) {
    long shortest = Long.MAX_VALUE;
    if (limits.hasIdleTimeout()) {
      shortest = limits.idleTimeout().toNanos();
    }
    if (limits.hasFrameDeadline()) {
      shortest = Math.min(shortest, limits.frameDeadline().toNanos());
    }
    if (limits.hasHandshakeDeadline()) {
      shortest = Math.min(shortest, limits.handshakeDeadline().toNanos());
    }
    return Math.max(
        TimeUnit.MILLISECONDS.toNanos(10), Math.min(TimeUnit.SECONDS.toNanos(1), shortest / 4));
  }

  private void watch() {
    try {
      check.run();
    } catch (Throwable e) { // NOPMD: a scheduled task that throws is never run again
      warnings.warn("watchdog", "{}: the watchdog failed: {}", name, e.toString());
    }
  }

  /** Stops the thread, if any; a check under way is interrupted. */
  void stop() {
    if (thread != null) {
      thread.shutdownNow();
    }
  }
}
