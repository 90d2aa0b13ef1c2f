package io.rpcxbench.runner.point;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The time a sweep still needs, fed by the points that finished (their files' runs, never text):
 * each protocol's rate is that of its latest point's runs (the rate depends on the thread count,
 * and in the plan's order the latest point is the nearest one measured), and its time outside the
 * runs (JVM start, client, writing) is the mean over its points that ran to their end. A rate point
 * takes its schedules whatever the protocol: runs x duration. No point is counted above its limit.
 *
 * <pre>{@code
 * Eta eta = new Eta(10, false, 660_000);
 * eta.finished("rpcx", 100_000, 2_000, 2_600, true);   // calls, run ms, point ms
 * eta.remaining(rest, p -> true);                     // "0:01:23", or "? (no rate yet for grpc)"
 * }</pre>
 */
public final class Eta {
  private final int runs;
  private final boolean requestsPerTotal;
  private final long capMs;
  private final Map<String, double[]> rate = new HashMap<>();
  private final Map<String, long[]> start = new HashMap<>();

  /** {@code capMs}: the most one point may take (its limit and the grace). */
  public Eta(int runs, boolean requestsPerTotal, long capMs) {
    this.runs = runs;
    this.requestsPerTotal = requestsPerTotal;
    this.capMs = capMs;
  }

  /** A point of {@code protocol} ended: its runs made {@code runCalls} in {@code runMs}. */
  public void finished(String protocol, long runCalls, long runMs, long pointMs, boolean ranToEnd) {
    if (runCalls > 0 && runMs > 0) {
      rate.put(protocol, new double[] {(double) runCalls / runMs});
    }
    if (ranToEnd) {
      long[] s = start.computeIfAbsent(protocol, k -> new long[2]);
      s[0] += Math.max(0, pointMs - runMs);
      s[1]++;
    }
  }

  /** Milliseconds for {@code rest} (the points still planned that {@code todo} accepts). */
  public String remaining(List<PlannedPoint> rest, Predicate<PlannedPoint> todo) {
    double total = 0;
    TreeSet<String> missing = new TreeSet<>();
    for (PlannedPoint p : rest) {
      if (!todo.test(p)) {
        continue;
      }
      double startMs = startMs(p.series());
      if (p.load() == PlannedPoint.Load.RATE) {
        total += startMs + (double) runs * p.second() * 1000;
        continue;
      }
      double[] r = rate.get(p.series());
      if (r == null) {
        missing.add(p.series());
        continue;
      }
      double ms = startMs + runs * p.callsPerRun(requestsPerTotal) / r[0];
      total += Math.min(ms, capMs);
    }
    if (!missing.isEmpty()) {
      return "? (no rate yet for " + String.join(",", missing) + ")";
    }
    return clock((long) (total / 1000));
  }

  private double startMs(String protocol) {
    long[] s = start.get(protocol);
    return s == null || s[1] == 0 ? 0 : (double) s[0] / s[1];
  }

  /** "H:MM:SS". */
  public static String clock(long seconds) {
    return String.format(
        java.util.Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds % 3600 / 60, seconds % 60);
  }
}
