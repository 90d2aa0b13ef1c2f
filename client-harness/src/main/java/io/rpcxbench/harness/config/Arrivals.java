package io.rpcxbench.harness.config;

import java.util.Locale;

/**
 * When the open loop's calls are meant to start, as offsets from the run's start: every intended
 * start comes from the schedule, never from when the previous call was sent or answered, so a
 * server that stalls cannot slow the load down (wrk2's way). The offsets themselves are load's
 * {@code ArrivalTimes}.
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
}
