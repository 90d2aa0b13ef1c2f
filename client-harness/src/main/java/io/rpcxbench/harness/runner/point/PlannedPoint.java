package io.rpcxbench.harness.runner.point;

/**
 * One point of a sweep's plan: a protocol at {@code threads x requests} (the closed loop's grid) or
 * at {@code rate} calls/s for {@code durationS} seconds per run (a rate sweep), across the network
 * profile {@code profile} ({@code wan}; empty: none asked, the link as it is). {@code index} is its
 * place in the plan, from 0.
 */
public record PlannedPoint(
    int index, String protocol, Load load, int first, int second, String profile) {
  /** What {@code first} and {@code second} are. */
  public enum Load {
    /** first: threads, second: requests. */
    GRID,
    /** first: the rate in calls/s, second: each run's duration in seconds. */
    RATE
  }

  public static PlannedPoint grid(int index, String protocol, int threads, int requests) {
    return new PlannedPoint(index, protocol, Load.GRID, threads, requests, "");
  }

  public static PlannedPoint rate(int index, String protocol, int rate, int durationS) {
    return new PlannedPoint(index, protocol, Load.RATE, rate, durationS, "");
  }

  /** This point at place {@code at} of the plan, across {@code networkProfile}. */
  public PlannedPoint across(int at, String networkProfile) {
    return new PlannedPoint(at, protocol, load, first, second, networkProfile);
  }

  /**
   * The line of points this one belongs to: its protocol, on its profile ({@code rpcx}, {@code rpcx
   * wan}). The skip rules and the ETA learn per series: a protocol that fails across a WAN may
   * still run on loopback, and runs slower there.
   */
  public String series() {
    return profile.isEmpty() ? protocol : protocol + " " + profile;
  }

  /** "t10 r100", or "1000/s" in a rate sweep; then the profile, when one was asked. */
  public String label() {
    String l = load == Load.GRID ? "t" + first + " r" + second : first + "/s";
    return profile.isEmpty() ? l : l + " " + profile;
  }

  /** The calls one run makes: threads x requests (or requests, per total), rate x duration. */
  public long callsPerRun(boolean requestsPerTotal) {
    if (load == Load.RATE) {
      return (long) first * second;
    }
    return requestsPerTotal ? second : (long) first * second;
  }

  /** Whether this grid point asks at least the threads and requests of {@code other}. */
  public boolean dominates(PlannedPoint other) {
    return load == Load.GRID && first >= other.first && second >= other.second;
  }
}
