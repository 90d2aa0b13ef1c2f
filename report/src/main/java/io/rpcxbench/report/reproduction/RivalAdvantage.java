package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.reproduction.Regime.GridPair;
import io.rpcxbench.report.tables.Metric;
import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Shift;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * RPCX's runtime advantage over one rival (or both) in one regime, from the tool's one estimator
 * ({@link Shift}). The typical advantage over the grid is {@link Shift#paired} over the points:
 * BASE the rival's runtime at each point, NEW RPCX's at the same point (each the mean of the
 * point's kept runs over its sweeps), so it is 1 − the Hodges-Lehmann ratio RPCX / rival, with
 * Wilcoxon's signed-rank interval. Per point the sweeps are the trials, {@link Shift#unpaired}
 * RPCX's against the rival's; with fewer than {@value Shift#MIN_PER_SIDE} a side Shift gives no
 * verdict, and the point is counted by sign only: whether every RPCX sweep beat every rival sweep.
 *
 * <pre>{@code
 * Map<String, RivalAdvantage> r = RivalAdvantage.of(regime.keptRuns());
 * r.get("gRPC").typicalText(); // "73.4 % [71.2, 75.0]"
 * }</pre>
 *
 * @param rival the rival's label, or {@link #BOTH}
 * @param pairs points where RPCX and the rival are complete
 * @param faster pairs where RPCX's mean runtime is below the rival's
 * @param everySweepFaster pairs where RPCX's slowest sweep beat the rival's fastest
 * @param tested pairs with sweeps enough for a per-point test
 * @param fasterAt95 tested pairs where RPCX is significantly faster
 * @param perPointWhy why a per-point test was not made (Shift's words; empty when every was)
 * @param typical the paired shift over the points (ratio RPCX / rival)
 * @param smallest the smallest advantage over the pairs (%)
 * @param largest the largest advantage over the pairs (%)
 * @param insidePaper pairs whose advantage lies in the paper's runtime range
 * @param ratios RPCX / rival at every pair (empty for {@link #BOTH})
 */
record RivalAdvantage(
    String rival,
    int pairs,
    int faster,
    int everySweepFaster,
    int tested,
    int fasterAt95,
    String perPointWhy,
    Shift typical,
    double smallest,
    double largest,
    int insidePaper,
    SortedMap<GridPair, Double> ratios) {

  /** The name of the result that pools both rivals' pairs. */
  static final String BOTH = "both";

  /**
   * One result per rival (by label, after RPCX in type order) and {@link #BOTH} when there are two;
   * empty without RPCX. {@code runs}: {@link Regime#keptRuns}.
   */
  static Map<String, RivalAdvantage> of(
      Map<RawProtocol, SortedMap<GridPair, List<double[]>>> runs) {
    Map<String, RivalAdvantage> out = new LinkedHashMap<>();
    SortedMap<GridPair, List<double[]>> rpcx = runs.get(RawProtocol.RPCX);
    if (rpcx == null) {
      return out;
    }
    List<Point> all = new ArrayList<>();
    for (Map.Entry<RawProtocol, SortedMap<GridPair, List<double[]>>> e : runs.entrySet()) {
      if (e.getKey().equals(RawProtocol.RPCX)) {
        continue;
      }
      List<Point> points = new ArrayList<>();
      for (Map.Entry<GridPair, List<double[]>> p : rpcx.entrySet()) {
        List<double[]> other = e.getValue().get(p.getKey());
        if (other != null) {
          points.add(new Point(p.getKey(), p.getValue(), other));
        }
      }
      all.addAll(points);
      out.put(e.getKey().label, result(e.getKey().label, points));
    }
    if (out.size() > 1) {
      out.put(BOTH, result(BOTH, all));
    }
    return out;
  }

  /** One pair: RPCX's and the rival's kept runtimes (ms) per sweep at a grid point. */
  private record Point(GridPair at, List<double[]> rpcx, List<double[]> rival) {
    double ratio() {
      return Regime.pooledMean(rpcx) / Regime.pooledMean(rival);
    }

    /** Every sweep's mean runtime: one value per trial. */
    static double[] trials(List<double[]> sweeps) {
      return sweeps.stream().mapToDouble(s -> Regime.pooledMean(List.of(s))).toArray();
    }
  }

  private static RivalAdvantage result(String rival, List<Point> points) {
    int n = points.size();
    double[] base = new double[n];
    double[] next = new double[n];
    int faster = 0;
    int everySweep = 0;
    int tested = 0;
    int at95 = 0;
    int inside = 0;
    String why = "";
    double smallest = Double.NaN;
    double largest = Double.NaN;
    SortedMap<GridPair, Double> ratios = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      Point p = points.get(i);
      base[i] = Regime.pooledMean(p.rival());
      next[i] = Regime.pooledMean(p.rpcx());
      double a = percent(p.ratio());
      faster += a > 0 ? 1 : 0;
      inside += a >= Metric.RUNTIME.paperLow && a <= Metric.RUNTIME.paperHigh ? 1 : 0;
      smallest = i == 0 ? a : Math.min(smallest, a);
      largest = i == 0 ? a : Math.max(largest, a);
      double[] r = Point.trials(p.rpcx());
      double[] o = Point.trials(p.rival());
      everySweep += max(r) < min(o) ? 1 : 0;
      Shift s = Shift.unpaired(o, r);
      if (s.tested()) {
        tested++;
        at95 += s.significant() && s.ratio() < 1 ? 1 : 0;
      } else if (why.isEmpty()) {
        why = s.why();
      }
      if (!rival.equals(BOTH)) {
        ratios.put(p.at(), p.ratio());
      }
    }
    Shift typical = n == 0 ? Shift.untested(0, 0, "no pair") : Shift.paired(base, next);
    return new RivalAdvantage(
        rival,
        n,
        faster,
        everySweep,
        tested,
        at95,
        why,
        typical,
        smallest,
        largest,
        inside,
        ratios);
  }

  /** The typical advantage over the grid (%), null without a test. */
  Double typicalAdvantage() {
    return typical.tested() ? percent(typical.ratio()) : null;
  }

  /** Whether the typical advantage's whole interval lies above 0. */
  boolean typicalAboveZero() {
    return typical.significant() && typical.ratio() < 1;
  }

  /** The interval's lower bound as an advantage (%), null without a test. */
  Double typicalLowerBound() {
    return typical.tested() ? percent(typical.high()) : null;
  }

  /**
   * "73.4 % [71.2, 75.0]": the typical advantage and its 95 % interval; "– (4 pairs; need 6)" where
   * the points are too few for the paired test.
   */
  String typicalText() {
    return typical.tested() ? text(typical) : tooFew(pairs);
  }

  /** "– (4 pairs; need 6)": too few pairs for {@link Shift#paired}. */
  static String tooFew(int pairs) {
    return "– (" + pairs + (pairs == 1 ? " pair" : " pairs") + "; need " + Shift.MIN_PAIRS + ")";
  }

  /** "73.4 % [71.2, 75.0]" for a shift of RPCX / rival. */
  static String text(Shift s) {
    return Num.fixed(percent(s.ratio()), 1)
        + " % ["
        + Num.fixed(percent(s.high()), 1)
        + ", "
        + Num.fixed(percent(s.low()), 1)
        + "]";
  }

  /** The paper's runtime advantage, 1 − RPCX / other, in percent, from the ratio RPCX / other. */
  static double percent(double ratio) {
    return 100 * (1 - ratio);
  }

  private static double min(double[] v) {
    double m = Double.POSITIVE_INFINITY;
    for (double x : v) {
      m = Math.min(m, x);
    }
    return m;
  }

  private static double max(double[] v) {
    double m = Double.NEGATIVE_INFINITY;
    for (double x : v) {
      m = Math.max(m, x);
    }
    return m;
  }
}
