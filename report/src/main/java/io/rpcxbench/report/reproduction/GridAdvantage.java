package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.tables.Cell;
import io.rpcxbench.report.tables.ComparisonTable;
import io.rpcxbench.report.tables.Measurements;
import io.rpcxbench.report.tables.Metric;
import io.rpcxbench.report.tables.PaperGrid;
import io.rpcxbench.stats.Num;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * RPCX's advantage in one metric over each other protocol at every pair of the paper's grid where
 * both finished, and the row of a regime's advantage table: the range over each rival and both, how
 * many pairs lie inside the paper's range, the paper's range.
 *
 * <pre>{@code
 * GridAdvantage runtime = GridAdvantage.of(Metric.RUNTIME, measurements);
 * GridAdvantage.range(runtime.all()); // "71.3 to 97.0 %"
 * }</pre>
 */
record GridAdvantage(Metric metric, Map<RawProtocol, List<Double>> values) {
  /** The advantage at every grid pair where RPCX and the rival are complete, per rival. */
  static GridAdvantage of(Metric metric, Measurements m) {
    Map<RawProtocol, List<Double>> values = new TreeMap<>();
    for (RawProtocol other : ComparisonTable.OTHERS) {
      List<Double> v = new ArrayList<>();
      for (int t : PaperGrid.THREADS) {
        for (int r : PaperGrid.TABLE_REQUESTS) {
          Double rpcx = value(m, metric, RawProtocol.RPCX, t, r);
          Double o = value(m, metric, other, t, r);
          Double a = rpcx == null || o == null ? null : metric.advantagePercent(rpcx, o);
          if (a != null) {
            v.add(a);
          }
        }
      }
      values.put(other, v);
    }
    return new GridAdvantage(metric, values);
  }

  /** Every rival's values together: the paper's one claim over both. */
  List<Double> all() {
    List<Double> out = new ArrayList<>();
    values.values().forEach(out::addAll);
    return out;
  }

  /** The table row, line break included. */
  String row() {
    StringBuilder sb = new StringBuilder("| ");
    sb.append(metric == Metric.RUNTIME ? "runtime, " : "TPS, ")
        .append(metric.advantageFormula.replace("-", "−"))
        .append(" |");
    for (RawProtocol other : ComparisonTable.OTHERS) {
      sb.append(' ').append(range(values.get(other))).append(" |");
    }
    return sb.append(' ')
        .append(range(all()))
        .append(" | ")
        .append(inside(metric, all()))
        .append(" | ")
        .append(paperRange(metric))
        .append(metric == Metric.RUNTIME ? "" : " (its stated TPS range)")
        .append(" |\n")
        .toString();
  }

  static String paperRange(Metric metric) {
    return Num.fixed(metric.paperLow, 1) + " to " + Num.fixed(metric.paperHigh, 1) + " %";
  }

  /** "71.3 to 97.0 %", or {@link Cell#MISSING} without a value. */
  static String range(List<Double> v) {
    if (v.isEmpty()) {
      return Cell.MISSING;
    }
    double min = v.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = v.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    return Num.fixed(min, 1) + " to " + Num.fixed(max, 1) + " %";
  }

  /** "33/65": the values inside the paper's range of {@code metric}, of all. */
  static String inside(Metric metric, List<Double> v) {
    long in = v.stream().filter(x -> x >= metric.paperLow && x <= metric.paperHigh).count();
    return in + "/" + v.size();
  }

  private static Double value(Measurements m, Metric metric, RawProtocol p, int t, int r) {
    return m.get(p, t, r).filter(CleanedPoint::complete).map(metric.value).orElse(null);
  }
}
