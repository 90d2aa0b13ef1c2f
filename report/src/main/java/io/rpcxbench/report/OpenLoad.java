package io.rpcxbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The load of an open-loop point (docs/load-models.md), over its kept runs: the offered rate
 * (calls/s, the mean of the runs' {@code target_rate}), the achieved rate (the mean of their {@code
 * achieved_rate}, and the lowest), and the calls dropped (summed). A point kept up when its slowest
 * run achieved at least 99 % of the target and no call failed; a point that did not is shown marked
 * in the latency-vs-load figure and never counts for a knee. Dropped calls are never started, so
 * they lower the achieved rate: more than 1 % of them fail a point through it, while a handful (a
 * 60 ms descheduling of the client on a busy 2-vCPU box drops a few calls at 4,000/s) is reported
 * beside the point without disqualifying it.
 *
 * <pre>{@code
 * OpenLoad load = OpenLoad.of(keptRuns);          // null: not an open-loop point
 * String why = load.overload(errors);             // null: it kept up
 * }</pre>
 */
record OpenLoad(double targetRate, double achievedRate, double achievedRateMin, long dropped) {
  /** The share of the target below which a run did not keep up (the harness warns there too). */
  static final double KEPT_UP = 0.99;

  /** The load of {@code kept}, or null when none of them has the open loop's rate columns. */
  static OpenLoad of(List<StoredRun> kept) {
    List<StoredRun> rated =
        kept.stream().filter(r -> r.targetRate() != null && r.achievedRate() != null).toList();
    if (rated.isEmpty()) {
      return null;
    }
    double target = rated.stream().mapToDouble(StoredRun::targetRate).average().orElseThrow();
    double achieved = rated.stream().mapToDouble(StoredRun::achievedRate).average().orElseThrow();
    double min = rated.stream().mapToDouble(StoredRun::achievedRate).min().orElseThrow();
    long dropped = 0;
    for (StoredRun r : kept) {
      dropped = Math.addExact(dropped, r.dropped() == null ? 0 : r.dropped());
    }
    return new OpenLoad(target, achieved, min, dropped);
  }

  /**
   * Why the point did not keep up with its load ({@code errors}: its failed calls, null if
   * unknown), e.g. {@code "achieved 91.2 % of the target, 12 calls dropped"}; null when it kept up.
   */
  String overload(Long errors) {
    List<String> why = new ArrayList<>();
    if (achievedRateMin < KEPT_UP * targetRate) {
      why.add(
          String.format(
              Locale.ROOT, "achieved %.1f %% of the target", 100 * achievedRateMin / targetRate));
      if (dropped > 0) {
        why.add(dropped + " calls dropped");
      }
    }
    if (errors != null && errors > 0) {
      why.add(errors + " calls failed");
    }
    return why.isEmpty() ? null : String.join(", ", why);
  }
}
