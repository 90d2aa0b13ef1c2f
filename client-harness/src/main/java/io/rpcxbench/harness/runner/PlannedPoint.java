package io.rpcxbench.harness.runner;

/**
 * One point of a sweep's plan: a protocol at {@code threads x requests} (the closed loop's grid) or
 * at {@code rate} calls/s for {@code durationS} seconds per run (a rate sweep). {@code index} is
 * its place in the plan, from 0.
 */
record PlannedPoint(int index, String protocol, Load load, int first, int second) {
  /** What {@code first} and {@code second} are. */
  enum Load {
    /** first: threads, second: requests. */
    GRID,
    /** first: the rate in calls/s, second: each run's duration in seconds. */
    RATE
  }

  static PlannedPoint grid(int index, String protocol, int threads, int requests) {
    return new PlannedPoint(index, protocol, Load.GRID, threads, requests);
  }

  static PlannedPoint rate(int index, String protocol, int rate, int durationS) {
    return new PlannedPoint(index, protocol, Load.RATE, rate, durationS);
  }

  /** "t10 r100", or "1000/s" in a rate sweep. */
  String label() {
    return load == Load.GRID ? "t" + first + " r" + second : first + "/s";
  }

  /** The calls one run makes: threads x requests (or requests, per total), rate x duration. */
  long callsPerRun(boolean requestsPerTotal) {
    if (load == Load.RATE) {
      return (long) first * second;
    }
    return requestsPerTotal ? second : (long) first * second;
  }

  /** Whether this grid point asks at least the threads and requests of {@code other}. */
  boolean dominates(PlannedPoint other) {
    return load == Load.GRID && first >= other.first && second >= other.second;
  }
}
