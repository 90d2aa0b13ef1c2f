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
public record ReferenceAnswer(
    String leader, int wins, int points, String reference, List<Trail> trails, int warned) {

  /** How a protocol trailed the reference: its median ratio and range over its points. */
  public record Trail(String label, double median, double low, double high, int points) {}

  /** The answer, or empty without a measured reference or another protocol to set against it. */
  static Optional<ReferenceAnswer> of(ReferenceTable t, int warnedPoints) {
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
    List<Trail> trails = new ArrayList<>();
    for (Map.Entry<String, List<Double>> e : ratios.entrySet()) {
      List<Double> r = new ArrayList<>(e.getValue());
      r.sort(Double::compare);
      double median =
          r.size() % 2 == 1
              ? r.get(r.size() / 2)
              : (r.get(r.size() / 2 - 1) + r.get(r.size() / 2)) / 2;
      trails.add(
          new Trail(labels.get(e.getKey()), median, r.get(0), r.get(r.size() - 1), r.size()));
    }
    return Optional.of(
        new ReferenceAnswer(
            labels.get(leader),
            wins.get(leader),
            best.size(),
            referenceLabel,
            trails,
            warnedPoints));
  }

  /** The page's opening sentence (see the class comment). */
  public String sentence() {
    StringBuilder b =
        new StringBuilder(highest()).append("; against ").append(reference).append(", ");
    List<String> parts = new ArrayList<>();
    boolean first = true;
    for (Trail t : trails) {
      String range = x(t.low()) + "-" + x(t.high());
      parts.add(
          t.label()
              + " ran at "
              + x(t.median())
              + (first
                  ? " in the median (" + range + " over " + t.points() + " points)"
                  : " (" + range + ")"));
      first = false;
    }
    b.append(String.join(", ", parts)).append(". ");
    b.append(
        warned == 0
            ? "No point was warned about."
            : warned + (warned == 1 ? " point was" : " points were") + " warned about (⚠ below).");
    b.append(" Point estimates; their intervals are in the tables.");
    return b.toString();
  }

  /**
   * The same answer for a closing line: "RPCX had the highest throughput at 2 of 2 points; against
   * RPCX, gRPC ran at 0.52x in the median, OpenFeign at 0.15x; 1 point warned about".
   */
  public String decided() {
    List<String> parts = new ArrayList<>();
    boolean first = true;
    for (Trail t : trails) {
      parts.add(
          t.label()
              + (first ? " ran at " + x(t.median()) + " in the median" : " at " + x(t.median())));
      first = false;
    }
    return highest()
        + "; against "
        + reference
        + ", "
        + String.join(", ", parts)
        + (warned == 0
            ? ""
            : "; " + warned + (warned == 1 ? " point" : " points") + " warned about");
  }

  private String highest() {
    return leader
        + " had the highest throughput at "
        + wins
        + " of "
        + points
        + (points == 1 ? " point" : " points");
  }

  private static String x(double ratio) {
    return Num.fixed(ratio, 2) + "x";
  }
}
