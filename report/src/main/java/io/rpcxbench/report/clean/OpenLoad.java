package io.rpcxbench.report.clean;

import io.rpcxbench.report.db.StoredRun;
import io.rpcxbench.stats.KeptUp;
import java.util.List;

/**
 * The load of an open-loop point (docs/load-models.md), over its kept runs: the offered rate
 * (calls/s, the mean of the runs' {@code target_rate}), the achieved rate (the mean of their {@code
 * achieved_rate}, and the lowest), and the calls dropped (summed). Whether it kept up is the
 * engine's one rule ({@link KeptUp}: its slowest run achieved at least 99 % of the target and no
 * call failed); a point that did not is shown marked in the latency-vs-load figure and never counts
 * for a knee.
 *
 * <pre>{@code
 * OpenLoad load = OpenLoad.of(keptRuns);          // null: not an open-loop point
 * String why = load.overload(errors);             // null: it kept up
 * }</pre>
 */
public record OpenLoad(
    double targetRate, double achievedRate, double achievedRateMin, long dropped) {
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
  public String overload(Long errors) {
    return KeptUp.why(targetRate, achievedRateMin, dropped, errors == null ? 0 : errors);
  }
}
