package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.tables.Metric;
import io.rpcxbench.report.tables.PaperGrid;
import java.util.ArrayList;
import java.util.List;

/**
 * The paper's Fig. 8b claim, tested: "from a low thread count ... to a high thread count ..., the
 * TPS decreases as the request volume increases" (and Figs. 9b and 10b say the same of gRPC and
 * OpenFeign). Per regime and protocol: at how many thread counts with a complete point at every R
 * of the tables (100, 300, 500) the average TPS (the paper's Eq. 3 per run, averaged over the kept
 * runs) falls at each step of R. Three values a thread count cannot be tested for a trend (the
 * exact p of a perfect order of 3 is 0.33), so this counts the order of the means, and says so.
 *
 * <pre>{@code
 * TpsClaim c = TpsClaim.of(regime, RawProtocol.RPCX);
 * c.falling() + " of " + c.threadCounts();   // "0 of 11"
 * }</pre>
 */
record TpsClaim(RawProtocol protocol, int falling, int rising, int threadCounts) {
  /** The claim at every thread count of {@code regime} where {@code p} finished every R. */
  static TpsClaim of(Regime regime, RawProtocol p) {
    int falling = 0;
    int rising = 0;
    int counted = 0;
    for (int t : PaperGrid.THREADS) {
      List<Double> tps = new ArrayList<>();
      for (int r : PaperGrid.TABLE_REQUESTS) {
        CleanedPoint c = regime.complete(p, t, r);
        Double v = c == null ? null : Metric.TPS.value.apply(c);
        if (v != null) {
          tps.add(v);
        }
      }
      if (tps.size() != PaperGrid.TABLE_REQUESTS.size()) {
        continue;
      }
      counted++;
      boolean down = true;
      boolean up = true;
      for (int i = 1; i < tps.size(); i++) {
        down &= tps.get(i) < tps.get(i - 1);
        up &= tps.get(i) > tps.get(i - 1);
      }
      falling += down ? 1 : 0;
      rising += up ? 1 : 0;
    }
    return new TpsClaim(p, falling, rising, counted);
  }

  /**
   * "RPCX falls at 0 and rises at 11 of 11 thread counts", or "RPCX: no thread count has all R".
   */
  String text() {
    if (threadCounts == 0) {
      return protocol.label + ": no thread count has every R";
    }
    return protocol.label
        + " falls at "
        + falling
        + " and rises at "
        + rising
        + " of "
        + threadCounts
        + (threadCounts == 1 ? " thread count" : " thread counts");
  }
}
