package io.rpcxbench.runner.sweep;

import io.rpcxbench.runner.point.PlannedPoint;
import io.rpcxbench.runner.point.PointState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which planned points are not run, from the points that did not finish: {@code --skip-dominated}
 * (a point with at least the threads and requests of a failed one), {@code --stop-after-failures N}
 * (N failed points in a row move a protocol on to the next thread count) and, in a rate sweep,
 * {@code --stop-after-overload N} (N rates in a row a protocol did not keep up with skip its higher
 * rates).
 *
 * <pre>{@code
 * SkipRules rules = new SkipRules(new StopRules(0, true, 2));
 * rules.record(point, PointState.TIMEOUT, null);
 * rules.skipReason(next);   // "at least 10 threads x 100 requests, which did not finish"
 * }</pre>
 */
final class SkipRules {
  private final boolean skipDominated;
  private final int stopAfterFailures;
  private final int stopAfterOverload;
  private final Map<String, List<PlannedPoint>> failedAt = new HashMap<>();
  private final Map<String, Integer> streak = new HashMap<>();
  private final Map<String, Integer> streakThreads = new HashMap<>();
  private final Map<String, Integer> stoppedThreads = new HashMap<>();
  private final Map<String, Integer> overStreak = new HashMap<>();
  private final Map<String, List<Integer>> overRates = new HashMap<>();
  private final Map<String, Integer> overloaded = new LinkedHashMap<>();

  SkipRules(StopRules stops) {
    this.skipDominated = stops.skipDominated();
    this.stopAfterFailures = stops.afterFailures();
    this.stopAfterOverload = stops.afterOverload();
  }

  /** Why {@code p} is not run, or null. */
  String skipReason(PlannedPoint p) {
    if (overloaded.containsKey(p.series())) {
      return "did not keep up at " + rates(p.series()) + " calls/s";
    }
    if (Integer.valueOf(p.first()).equals(stoppedThreads.get(p.series()))
        && p.load() == PlannedPoint.Load.GRID) {
      return "stop-after-failures";
    }
    PlannedPoint by = dominatingFailure(p);
    if (by != null) {
      return "at least "
          + by.first()
          + " threads x "
          + by.second()
          + " requests, which did not finish";
    }
    return null;
  }

  /** The failed point {@code p} is dominated by, with --skip-dominated; else null. */
  PlannedPoint dominatingFailure(PlannedPoint p) {
    if (!skipDominated) {
      return null;
    }
    for (PlannedPoint f : failedAt.getOrDefault(p.series(), List.of())) {
      if (p.dominates(f)) {
        return f;
      }
    }
    return null;
  }

  /**
   * A point that ran or was found on disk. Returns a line to log when a rule starts skipping (null
   * otherwise). {@code keptUp}: null when a rate point kept up, else why not.
   */
  String record(PlannedPoint p, PointState state, String keptUp, boolean ranHere) {
    String protocol = p.series();
    if (state != PointState.COMPLETE) {
      failedAt.computeIfAbsent(protocol, k -> new ArrayList<>()).add(p);
    }
    if (p.load() == PlannedPoint.Load.RATE) {
      return overload(p, keptUp);
    }
    if (!ranHere) {
      return null;
    }
    if (!Integer.valueOf(p.first()).equals(streakThreads.get(protocol))) {
      streak.put(protocol, 0);
      streakThreads.put(protocol, p.first());
    }
    if (state == PointState.COMPLETE) {
      streak.put(protocol, 0);
      return null;
    }
    int n = streak.merge(protocol, 1, Integer::sum);
    if (stopAfterFailures > 0 && n >= stopAfterFailures) {
      stoppedThreads.put(protocol, p.first());
      return protocol
          + ": "
          + stopAfterFailures
          + " failed points in a row at "
          + p.first()
          + " threads; moving on to the next thread count";
    }
    return null;
  }

  private String overload(PlannedPoint p, String keptUp) {
    String protocol = p.series();
    if (keptUp == null) {
      overStreak.put(protocol, 0);
      overRates.remove(protocol);
      return null;
    }
    int n = overStreak.merge(protocol, 1, Integer::sum);
    overRates.computeIfAbsent(protocol, k -> new ArrayList<>()).add(p.first());
    if (stopAfterOverload > 0 && n >= stopAfterOverload) {
      overloaded.put(protocol, p.first());
      return protocol
          + ": did not keep up at "
          + stopAfterOverload
          + " rates in a row ("
          + rates(protocol)
          + " calls/s); its higher rates are not run";
    }
    return null;
  }

  /** Whether {@code protocol}'s higher rates are skipped. */
  boolean overloaded(String protocol) {
    return overloaded.containsKey(protocol);
  }

  /** One line per protocol whose higher rates were skipped. */
  List<String> overloadSummary() {
    List<String> lines = new ArrayList<>();
    overloaded.forEach(
        (p, rate) ->
            lines.add(
                "overloaded: "
                    + p
                    + " stopped after "
                    + rate
                    + "/s (did not keep up at "
                    + rates(p)
                    + " calls/s)"));
    return lines;
  }

  private String rates(String protocol) {
    return String.join(
        ", ", overRates.getOrDefault(protocol, List.of()).stream().map(String::valueOf).toList());
  }
}
