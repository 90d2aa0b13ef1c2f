package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.db.Protocol;
import io.rpcxbench.stats.Num;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.apache.commons.statistics.descriptive.Quantile;

/**
 * The verdict box's sweep-to-sweep table: per regime and rival, RPCX's median runtime advantage
 * from each sweep's files alone (the k-th file of every point, files in name order: rep-1/, rep-2/,
 * ...), beside the median of all sweeps together. It shows how far one sweep's verdict moves when
 * the same commit is swept again, which a one-sweep interval cannot.
 *
 * <pre>{@code
 * List<String> lines = SweepToSweep.lines(regimes);   // empty when no point has two sweeps
 * }</pre>
 */
final class SweepToSweep {
  private static final Quantile QUANTILE = Quantile.withDefaults().withCopy(true);

  private SweepToSweep() {}

  /** The table's Markdown lines (intro, header, rows); empty without a point of two sweeps. */
  static List<String> lines(List<Regime> regimes) {
    int sweeps = regimes.stream().mapToInt(Regime::maxSweeps).max().orElse(0);
    if (sweeps < 2) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    out.add(
        "Sweep to sweep: RPCX's median advantage from each sweep's files alone (the k-th file of"
            + " every complete point, in file-name order: rep-1/, rep-2/, ...; the number of pairs"
            + " in brackets where a sweep has fewer than all sweeps together):");
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
      Map<Protocol, SortedMap<AdvantageBootstrap.GridPair, List<double[]>>> runs = g.keptRuns();
      SortedMap<AdvantageBootstrap.GridPair, List<double[]>> rpcx = runs.get(Protocol.RPCX);
      if (rpcx == null) {
        continue;
      }
      for (Protocol rival : runs.keySet()) {
        if (rival.equals(Protocol.RPCX)) {
          continue;
        }
        StringBuilder row =
            new StringBuilder("| " + (first ? g.name() : "") + " | " + rival.label + " |");
        first = false;
        List<Double> all = advantages(rpcx, runs.get(rival), 0);
        for (int k = 1; k <= sweeps; k++) {
          List<Double> one = advantages(rpcx, runs.get(rival), k);
          row.append(' ').append(median(one, all.size())).append(" |");
        }
        out.add(row.append(' ').append(median(all, all.size())).append(" |").toString());
      }
    }
    return out;
  }

  /**
   * RPCX's median advantage over {@code rival} from each sweep's files alone (sweeps 1, 2, ... of
   * the regime), counting only the sweeps that hold every pair (a second file of a few points is no
   * second sweep); empty without RPCX or the rival.
   */
  static List<Double> sweepMedians(Regime g, Protocol rival) {
    Map<Protocol, SortedMap<AdvantageBootstrap.GridPair, List<double[]>>> runs = g.keptRuns();
    SortedMap<AdvantageBootstrap.GridPair, List<double[]>> rpcx = runs.get(Protocol.RPCX);
    SortedMap<AdvantageBootstrap.GridPair, List<double[]>> other = runs.get(rival);
    List<Double> out = new ArrayList<>();
    if (rpcx == null || other == null) {
      return out;
    }
    int all = advantages(rpcx, other, 0).size();
    for (int k = 1; k <= g.maxSweeps(); k++) {
      List<Double> one = advantages(rpcx, other, k);
      if (!one.isEmpty() && one.size() == all) {
        out.add(QUANTILE.evaluate(one.stream().mapToDouble(Double::doubleValue).toArray(), 0.5));
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
   * The advantage at every pair both protocols have: from their {@code k}-th sweep (1-based) where
   * both have one, or from all their sweeps pooled ({@code k} 0).
   */
  private static List<Double> advantages(
      SortedMap<AdvantageBootstrap.GridPair, List<double[]>> rpcx,
      SortedMap<AdvantageBootstrap.GridPair, List<double[]>> rival,
      int k) {
    List<Double> out = new ArrayList<>();
    for (Map.Entry<AdvantageBootstrap.GridPair, List<double[]>> e : rpcx.entrySet()) {
      List<double[]> other = rival.get(e.getKey());
      if (other == null) {
        continue;
      }
      if (k == 0) {
        out.add(
            AdvantageBootstrap.advantage(
                AdvantageBootstrap.pooledMean(e.getValue()), AdvantageBootstrap.pooledMean(other)));
      } else if (e.getValue().size() >= k && other.size() >= k) {
        out.add(
            AdvantageBootstrap.advantage(
                AdvantageBootstrap.pooledMean(List.of(e.getValue().get(k - 1))),
                AdvantageBootstrap.pooledMean(List.of(other.get(k - 1)))));
      }
    }
    return out;
  }

  private static String median(List<Double> advantages, int allPairs) {
    if (advantages.isEmpty()) {
      return "–";
    }
    double m =
        QUANTILE.evaluate(advantages.stream().mapToDouble(Double::doubleValue).toArray(), 0.5);
    return Num.fixed(m, 1)
        + " %"
        + (advantages.size() < allPairs ? " (" + advantages.size() + ")" : "");
  }
}
