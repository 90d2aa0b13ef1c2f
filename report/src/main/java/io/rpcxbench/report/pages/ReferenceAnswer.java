package io.rpcxbench.report.pages;

import io.rpcxbench.report.tables.ReferenceTable;
import io.rpcxbench.stats.Num;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The sentence a report page opens with, before its tables: which protocol had the highest
 * throughput at how many points, by how much the others trailed the reference (the median ratio and
 * its range over the points), and how many points the console warned about. Point estimates: the
 * intervals are in the tables below it.
 *
 * <pre>{@code
 * ReferenceAnswer.of(table, warnedPoints)
 *   // "RPCX had the highest throughput at 8 of 9 points; against RPCX, gRPC ran at 0.52x in the
 *   //  median (0.41-0.62x over 9 points), OpenFeign at 0.15x (0.10-0.20x). 2 points were warned
 *   //  about (⚠ below). Point estimates; their intervals are in the tables."
 * }</pre>
 */
final class ReferenceAnswer {
  private ReferenceAnswer() {}

  /** The sentence, or empty without a measured reference or another protocol to set against it. */
  static Optional<String> of(ReferenceTable t, int warnedPoints) {
    if (!t.referenceMeasured) {
      return Optional.empty();
    }
    Map<String, List<Double>> ratios = new LinkedHashMap<>();
    Map<String, String> labels = new LinkedHashMap<>();
    Map<List<Integer>, ReferenceTable.Line> best = new LinkedHashMap<>();
    String referenceLabel = t.reference;
    for (ReferenceTable.Line l : t.lines) {
      labels.put(l.protocol().id, l.protocol().label);
      if (l.protocol().id.equals(t.reference)) {
        referenceLabel = l.protocol().label;
      } else if (l.ratio().value() != null) {
        ratios.computeIfAbsent(l.protocol().id, k -> new ArrayList<>()).add(l.ratio().value());
      }
      Double v = l.throughput().value();
      if (v != null) {
        best.merge(
            List.of(l.threads(), l.requests()),
            l,
            (a, b) -> b.throughput().value() > a.throughput().value() ? b : a);
      }
    }
    if (ratios.isEmpty() || best.isEmpty()) {
      return Optional.empty();
    }
    Map<String, Integer> wins = new LinkedHashMap<>();
    best.values().forEach(l -> wins.merge(l.protocol().id, 1, Integer::sum));
    String leader =
        wins.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    StringBuilder b = new StringBuilder();
    b.append(labels.get(leader))
        .append(" had the highest throughput at ")
        .append(wins.get(leader))
        .append(" of ")
        .append(best.size())
        .append(best.size() == 1 ? " point" : " points")
        .append("; against ")
        .append(referenceLabel)
        .append(", ");
    List<String> parts = new ArrayList<>();
    boolean first = true;
    for (Map.Entry<String, List<Double>> e : ratios.entrySet()) {
      List<Double> r = new ArrayList<>(e.getValue());
      r.sort(Double::compare);
      double median =
          r.size() % 2 == 1
              ? r.get(r.size() / 2)
              : (r.get(r.size() / 2 - 1) + r.get(r.size() / 2)) / 2;
      String range = x(r.get(0)) + "-" + x(r.get(r.size() - 1));
      parts.add(
          labels.get(e.getKey())
              + " ran at "
              + x(median)
              + (first
                  ? " in the median (" + range + " over " + r.size() + " points)"
                  : " (" + range + ")"));
      first = false;
    }
    b.append(String.join(", ", parts)).append(". ");
    b.append(
        warnedPoints == 0
            ? "No point was warned about."
            : warnedPoints
                + (warnedPoints == 1 ? " point was" : " points were")
                + " warned about (⚠ below).");
    b.append(" Point estimates; their intervals are in the tables.");
    return Optional.of(b.toString());
  }

  private static String x(double ratio) {
    return Num.fixed(ratio, 2) + "x";
  }
}
