package io.rpcxbench.runner.point;

import java.util.List;

/**
 * One point of a sweep's plan: a protocol at {@code threads x requests} (the closed loop's grid) or
 * at {@code rate} calls/s for {@code durationS} seconds per run (a rate sweep), at its value of
 * each of the sweep's own dimensions ({@code axes}: {@code --payload 1024}; none asked: empty),
 * across the network profile {@code profile} ({@code wan}; empty: none asked, the link as it is).
 * {@code index} is its place in the plan, from 0.
 */
public record PlannedPoint(
    int index,
    String protocol,
    Load load,
    int first,
    int second,
    List<AxisValue> axes,
    String profile) {
  public PlannedPoint {
    axes = List.copyOf(axes);
  }

  /** What {@code first} and {@code second} are. */
  public enum Load {
    /** first: threads, second: requests. */
    GRID,
    /** first: the rate in calls/s, second: each run's duration in seconds. */
    RATE
  }

  public static PlannedPoint grid(int index, String protocol, int threads, int requests) {
    return new PlannedPoint(index, protocol, Load.GRID, threads, requests, List.of(), "");
  }

  public static PlannedPoint rate(int index, String protocol, int rate, int durationS) {
    return new PlannedPoint(index, protocol, Load.RATE, rate, durationS, List.of(), "");
  }

  /** This point at place {@code at} of the plan, across {@code networkProfile}. */
  public PlannedPoint across(int at, String networkProfile) {
    return new PlannedPoint(at, protocol, load, first, second, axes, networkProfile);
  }

  /** This point at place {@code at} of the plan, at {@code value} of one more dimension. */
  public PlannedPoint along(int at, AxisValue value) {
    List<AxisValue> more = new java.util.ArrayList<>(axes);
    more.add(value);
    return new PlannedPoint(at, protocol, load, first, second, more, profile);
  }

  /** This point at place {@code at} of the plan. */
  public PlannedPoint renumbered(int at) {
    return new PlannedPoint(at, protocol, load, first, second, axes, profile);
  }

  /**
   * The line of points this one belongs to: its protocol, at its dimensions' values, on its profile
   * ({@code rpcx}, {@code rpcx payload=1024 wan}). The skip rules and the ETA learn per series: a
   * protocol that fails across a WAN, or at 1 MiB, may still run on loopback or at 1 KiB, and runs
   * slower there.
   */
  public String series() {
    return withAxesAndProfile(protocol);
  }

  /** "t10 r100", or "1000/s" in a rate sweep; then the dimensions and profile, when asked. */
  public String label() {
    return withAxesAndProfile(load == Load.GRID ? "t" + first + " r" + second : first + "/s");
  }

  private String withAxesAndProfile(String head) {
    StringBuilder b = new StringBuilder(head);
    axes.forEach(a -> b.append(' ').append(a.label()));
    if (!profile.isEmpty()) {
      b.append(' ').append(profile);
    }
    return b.toString();
  }

  /** The calls one run makes: threads x requests (or requests, per total), rate x duration. */
  public long callsPerRun(boolean requestsPerTotal) {
    if (load == Load.RATE) {
      return (long) first * second;
    }
    return requestsPerTotal ? second : (long) first * second;
  }

  /**
   * Whether this grid point asks at least the threads and requests of {@code other}, at the same
   * dimensions' values.
   */
  public boolean dominates(PlannedPoint other) {
    return load == Load.GRID
        && first >= other.first
        && second >= other.second
        && axes.equals(other.axes);
  }
}
