package io.rpcxbench.runner.choose;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * {@code --max-time} as a hard limit: asked before every probe and every shared-load run, it starts
 * none whose expected length would pass it (a limit asked only between rounds let a {@code
 * --max-time 10m} run for 16.5 minutes). What it kept from running is listed, for the log and the
 * settings.
 *
 * <pre>{@code
 * ChooseDeadline deadline = ChooseDeadline.of(Duration.ofMinutes(30));
 * deadline.check(ChooseTiming.probeMs(rate, 5));   // throws Passed: that probe would end too late
 * deadline.unfinished("round 2 of grpc not searched");
 * deadline.line();   // "stopped by --max-time 30m: round 2 of grpc not searched"
 * }</pre>
 */
final class ChooseDeadline {
  private final Duration maxTime;
  private final LongSupplier clock;
  private final long startMs;
  private final List<String> unfinished = new ArrayList<>();

  /** {@code maxTime} null: no limit; the time from {@code clock} (ms), counted from now. */
  ChooseDeadline(Duration maxTime, LongSupplier clock) {
    this.maxTime = maxTime;
    this.clock = clock;
    this.startMs = clock.getAsLong();
  }

  static ChooseDeadline of(Duration maxTime) {
    return new ChooseDeadline(maxTime, System::currentTimeMillis);
  }

  long elapsedMs() {
    return clock.getAsLong() - startMs;
  }

  /** Whether something expected to take {@code expectedMs} would end before the limit. */
  boolean allows(long expectedMs) {
    return maxTime == null || elapsedMs() + expectedMs <= maxTime.toMillis();
  }

  /**
   * Nothing when {@code expectedMs} fits.
   *
   * @throws Passed when it would end after the limit
   */
  void check(long expectedMs) throws Passed {
    if (!allows(expectedMs)) {
      throw new Passed();
    }
  }

  /** Something the limit kept from running, in words. */
  void unfinished(String what) {
    unfinished.add(what);
  }

  /** Whether the limit kept anything from running. */
  boolean stopped() {
    return !unfinished.isEmpty();
  }

  List<String> unfinishedList() {
    return List.copyOf(unfinished);
  }

  /** {@code stopped by --max-time 30m: ...; ...}. */
  String line() {
    long s = maxTime == null ? 0 : maxTime.toSeconds();
    return "stopped by --max-time "
        + (s % 60 == 0 ? s / 60 + "m" : s + "s")
        + ": "
        + String.join("; ", unfinished);
  }

  /** A probe or run not started: it would have ended after {@code --max-time}. */
  static final class Passed extends Exception {
    private static final long serialVersionUID = 1L;

    Passed() {
      super("--max-time would be passed", null, false, false);
    }
  }
}
