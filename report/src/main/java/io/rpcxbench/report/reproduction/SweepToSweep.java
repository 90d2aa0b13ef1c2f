package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.reproduction.Regime.GridPair;
import io.rpcxbench.stats.Shift;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * The verdict box's sweep-to-sweep table: per regime and rival, RPCX's typical runtime advantage
 * ({@link RivalAdvantage}'s estimator, paired by point) from each sweep's files alone (the k-th
 * file of every point, files in name order: rep-1/, rep-2/, ...), beside that of all sweeps
 * together. It shows how far the verdict moves when the same commit is swept again: the shift a
 * whole sweep shares, which the interval over the points does not hold.
 *
 * <pre>{@code
 * List<String> lines = SweepToSweep.lines(regimes);   // empty when no point has two sweeps
 * }</pre>
 */
final class SweepToSweep {
  private SweepToSweep() {}

  /** The table's Markdown lines (intro, header, rows); empty without a point of two sweeps. */
  static List<String> lines(List<Regime> regimes) {
    int sweeps = regimes.stream().mapToInt(Regime::maxSweeps).max().orElse(0);
    if (sweeps < 2) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    out.add(
        "Sweep to sweep: RPCX's typical advantage (as above, paired by point, with its 95 %"
            + " interval) from each sweep's files alone (the k-th file of every complete point, in"
            + " file-name order: rep-1/, rep-2/, ...; the number of pairs in brackets where a"
            + " sweep has fewer than all sweeps together). How far these move between sweeps is"
            + " the sweep-to-sweep variance the intervals do not hold:");
    out.add("");
    StringBuilder header = new StringBuilder("| regime | rival |");
    StringBuilder rule = new StringBuilder("|:---|:---|");
    for (int k = 1; k <= sweeps; k++) {
      header.append(" sweep ").append(k).append(" |");
      rule.append("---:|");
    }
    out.add(header.append(" all sweeps |").toString());
    out.add(rule.append("---:|").toString());
    for (Regime g : regimes) {
      boolean first = true;
      Map<RawProtocol, SortedMap<GridPair, List<double[]>>> runs = g.keptRuns();
      SortedMap<GridPair, List<double[]>> rpcx = runs.get(RawProtocol.RPCX);
      if (rpcx == null) {
        continue;
      }
      for (RawProtocol rival : runs.keySet()) {
        if (rival.equals(RawProtocol.RPCX)) {
          continue;
        }
        StringBuilder row =
            new StringBuilder("| " + (first ? g.name() : "") + " | " + rival.label + " |");
        first = false;
        Shift all = typical(rpcx, runs.get(rival), 0);
        for (int k = 1; k <= sweeps; k++) {
          Shift one = typical(rpcx, runs.get(rival), k);
          row.append(' ').append(text(one, all.baseTrials())).append(" |");
        }
        out.add(row.append(' ').append(text(all, all.baseTrials())).append(" |").toString());
      }
    }
    return out;
  }

  /**
   * RPCX's typical advantage over {@code rival} (%) from each sweep's files alone (sweeps 1, 2, ...
   * of the regime), counting only the sweeps that hold every pair (a second file of a few points is
   * no second sweep) and have pairs enough for the paired test; empty without RPCX or the rival.
   */
  static List<Double> sweepTypicals(Regime g, RawProtocol rival) {
    Map<RawProtocol, SortedMap<GridPair, List<double[]>>> runs = g.keptRuns();
    SortedMap<GridPair, List<double[]>> rpcx = runs.get(RawProtocol.RPCX);
    SortedMap<GridPair, List<double[]>> other = runs.get(rival);
    List<Double> out = new ArrayList<>();
    if (rpcx == null || other == null) {
      return out;
    }
    int all = typical(rpcx, other, 0).baseTrials();
    for (int k = 1; k <= g.maxSweeps(); k++) {
      Shift one = typical(rpcx, other, k);
      if (one.tested() && one.baseTrials() == all) {
        out.add(RivalAdvantage.percent(one.ratio()));
      }
    }
    return out;
  }

  /** The sample standard deviation of {@code v}; NaN with fewer than 2 values. */
  static double sd(List<Double> v) {
    if (v.size() < 2) {
      return Double.NaN;
    }
    double mean = v.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    double ss = v.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum();
    return Math.sqrt(ss / (v.size() - 1));
  }

  /**
   * The paired shift RPCX / rival over every pair both protocols have: from their {@code k}-th
   * sweep (1-based) where both have one, or from all their sweeps pooled ({@code k} 0).
   */
  private static Shift typical(
      SortedMap<GridPair, List<double[]>> rpcx, SortedMap<GridPair, List<double[]>> rival, int k) {
    List<Double> base = new ArrayList<>();
    List<Double> next = new ArrayList<>();
    for (Map.Entry<GridPair, List<double[]>> e : rpcx.entrySet()) {
      List<double[]> other = rival.get(e.getKey());
      if (other == null) {
        continue;
      }
      if (k == 0) {
        base.add(Regime.pooledMean(other));
        next.add(Regime.pooledMean(e.getValue()));
      } else if (e.getValue().size() >= k && other.size() >= k) {
        base.add(Regime.pooledMean(List.of(other.get(k - 1))));
        next.add(Regime.pooledMean(List.of(e.getValue().get(k - 1))));
      }
    }
    return Shift.paired(array(base), array(next));
  }

  private static double[] array(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** "73.4 % [71.2, 75.0]", with the pairs in brackets where fewer than all; "–" untested. */
  private static String text(Shift s, int allPairs) {
    if (s.baseTrials() == 0) {
      return "–";
    }
    String fewer = s.baseTrials() < allPairs ? " (" + s.baseTrials() + ")" : "";
    return s.tested() ? RivalAdvantage.text(s) + fewer : "–" + (fewer.isEmpty() ? "" : fewer);
  }
}
