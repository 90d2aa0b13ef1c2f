package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.RunTimes;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.tables.PaperGrid;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.statistics.descriptive.Quantile;

/**
 * Whether a point's kept runs still warm up: per regime and protocol, the median over its complete
 * points of (mean runtime of runs 1-3) / (mean of runs 7-9). 1 means no trend; above 1, the early
 * kept runs are slower, so the runs are not independent draws and a t-interval over them
 * understates the uncertainty of the mean.
 *
 * <pre>{@code
 * Double ratio = WarmUpTrend.median(regime, RawProtocol.GRPC); // e.g. 1.28
 * }</pre>
 */
final class WarmUpTrend {
  private WarmUpTrend() {}

  /** The median ratio over the complete grid points with runs 1-9; null if there are none. */
  static Double median(Regime regime, RawProtocol p) {
    List<Double> ratios = new ArrayList<>();
    for (int t : PaperGrid.THREADS) {
      for (int r : PaperGrid.TABLE_REQUESTS) {
        CleanedPoint c = regime.complete(p, t, r);
        if (c == null) {
          continue;
        }
        for (RunTimes.Sweep s : regime.runs().of(c)) {
          Double ratio = ratio(s);
          if (ratio != null) {
            ratios.add(ratio);
          }
        }
      }
    }
    if (ratios.isEmpty()) {
      return null;
    }
    return Quantile.withDefaults()
        .evaluate(ratios.stream().mapToDouble(Double::doubleValue).toArray(), 0.5);
  }

  /** Runs 1-3 over runs 7-9 of one sweep, or null when it lacks one of them. */
  static Double ratio(RunTimes.Sweep s) {
    double early = 0;
    double late = 0;
    for (int i = 1; i <= 3; i++) {
      Double e = s.at(i);
      Double l = s.at(i + 6);
      if (e == null || l == null) {
        return null;
      }
      early += e;
      late += l;
    }
    return late == 0 ? null : early / late;
  }
}
