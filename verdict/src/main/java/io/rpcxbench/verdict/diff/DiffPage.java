package io.rpcxbench.verdict.diff;

import io.rpcxbench.stats.Gate;
import io.rpcxbench.stats.Num;
import io.rpcxbench.verdict.page.Page;
import io.rpcxbench.verdict.significance.PairTest;
import java.util.ArrayList;
import java.util.List;

/** A diff's page: the summary, a table per metric with its estimator, the gates, the thresholds. */
final class DiffPage {
  private DiffPage() {}

  static Page of(DiffReport r) {
    Page p = new Page("diff: " + r.base().dir() + " -> " + r.next().dir());
    p.paragraph(r.summary());
    if (r.changes().isEmpty()) {
      return p;
    }
    p.paragraph(r.spans() + " " + r.contention());
    if (r.design().adds()) {
      p.paragraph(
          "Rounds were added while a gate was undecided: "
              + r.design().text()
              + " (Pocock's constant boundary, simulated).");
    }
    for (PointChange.Measure m : PointChange.Measure.values()) {
      String estimator =
          (m == PointChange.Measure.THROUGHPUT
                  ? "a trial's calls over its kept runs' time"
                  : "a trial's merged histogram of its kept runs")
              + "; each side the median of its trials [range]; the change: Hodges-Lehmann ratio,"
              + " "
              + level(r.design().alpha())
              + " Mann-Whitney interval over trials (Wilcoxon signed-rank, paired by round,"
              + " where both sides ran in the same interleaved rounds: 10 or more; two folders"
              + " recorded apart: mean of log values with the calibrated between-invocation"
              + " variance, t interval)";
      p.heading(m.id + " " + m.unit + " (" + estimator + "; Holm-Bonferroni over the points)");
      List<List<String>> rows = new ArrayList<>();
      for (PointChange c : r.changes()) {
        PairTest t = c.tests().get(m.ordinal());
        rows.add(
            List.of(
                c.label(),
                c.base().get(m.ordinal()).text(m.decimals, m.scale),
                c.next().get(m.ordinal()).text(m.decimals, m.scale),
                c.trials(m, false)
                    + " / "
                    + c.trials(m, true)
                    + (t.test().contains("paired by round") ? ", paired by round" : ""),
                t.changeText(),
                absolute(t, m),
                t.tested() ? t.pText() : "-",
                detectableText(c, m),
                c.verdict(m)));
      }
      p.table(
          List.of(
              "point",
              "BASE",
              "NEW",
              "trials",
              "change (" + level(r.design().alpha()) + ")",
              "change " + m.unit,
              "p (Holm)",
              "detectable here",
              "verdict"),
          List.of(false, true, true, true, true, true, true, true, false),
          rows);
    }
    if (!r.onlyBase().isEmpty() || !r.onlyNew().isEmpty()) {
      p.heading("Points on one side only");
      List<String> items = new ArrayList<>();
      r.onlyBase().forEach(l -> items.add("only in BASE: " + l));
      r.onlyNew().forEach(l -> items.add("only in NEW: " + l));
      p.bullets(items);
    }
    if (!r.gates().isEmpty()) {
      p.heading(
          "Gates (a margin on a change, checked against its "
              + level(r.design().alpha() / Math.max(1, r.changes().size()))
              + " interval: the tool's level shared over the points gated)");
      p.bullets(r.gates().stream().map(Gate::line).toList());
    }
    if (!r.checks().isEmpty()) {
      p.heading("Thresholds");
      List<List<String>> rows = new ArrayList<>();
      r.checks()
          .forEach(
              c ->
                  rows.add(
                      List.of(
                          c.threshold().expression(),
                          c.subject(),
                          c.threshold().shown(c.actual()),
                          c.verdict())));
      p.table(
          List.of("threshold", "applies to", "value", "result"),
          List.of(false, false, true, false),
          rows);
    }
    return p;
  }

  private static String absolute(PairTest t, PointChange.Measure m) {
    if (!t.tested() || t.difference() == null) {
      return "";
    }
    return signed(t.difference() * m.scale, m.decimals)
        + " ["
        + signed(t.differenceLow() * m.scale, m.decimals)
        + ", "
        + signed(t.differenceHigh() * m.scale, m.decimals)
        + "]";
  }

  private static String signed(double v, int decimals) {
    String s = Num.fixed(v, decimals);
    return s.startsWith("-") || s.matches("0\\.?0*") ? s : "+" + s;
  }

  private static String detectableText(PointChange c, PointChange.Measure m) {
    double d = c.detectable(m);
    return Double.isInfinite(d) ? "-" : "+-" + Num.fixed(d, 1) + " %";
  }

  /** {@code 95 %}, {@code 97.9 %}: an interval's confidence at level {@code alpha}. */
  private static String level(double alpha) {
    return Num.fixed(100 * (1 - alpha), alpha * 100 == Math.rint(alpha * 100) ? 0 : 1) + " %";
  }
}
