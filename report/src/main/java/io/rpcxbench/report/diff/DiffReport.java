package io.rpcxbench.report.diff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.report.pages.Page;
import io.rpcxbench.report.significance.PairTest;
import io.rpcxbench.report.significance.Significance;
import io.rpcxbench.stats.Threshold;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code report diff}'s result (benchstat's and kitex diff.py's idea): the points of two folders
 * matched by identity, one table per metric with BASE, NEW, the change with its interval, the
 * Holm-adjusted p over the table's points and a verdict; the points only one side has; the
 * thresholds.
 *
 * <pre>{@code
 * DiffReport d = DiffReport.of(DiffSide.read(base), DiffSide.read(next), thresholds);
 * System.out.print(d.page().markdown());
 * d.passed();   // false: exit 99
 * }</pre>
 */
final class DiffReport {
  private final DiffSide base;
  private final DiffSide next;
  private final List<PointChange> changes;
  private final List<String> onlyBase;
  private final List<String> onlyNew;
  private final List<Threshold.Check> checks;

  private DiffReport(
      DiffSide base,
      DiffSide next,
      List<PointChange> changes,
      List<String> onlyBase,
      List<String> onlyNew,
      List<Threshold.Check> checks) {
    this.base = base;
    this.next = next;
    this.changes = changes;
    this.onlyBase = onlyBase;
    this.onlyNew = onlyNew;
    this.checks = checks;
  }

  static DiffReport of(DiffSide base, DiffSide next, List<Threshold> thresholds) {
    List<PointChange> raw = new ArrayList<>();
    for (Map.Entry<PointIdentity, DiffSide.Point> e : base.points().entrySet()) {
      DiffSide.Point n = next.points().get(e.getKey());
      if (n != null) {
        raw.add(PointChange.of(e.getValue(), n));
      }
    }
    raw.sort(Comparator.comparing(PointChange::label));
    // Holm-Bonferroni per metric, over the points of its table
    List<List<PairTest>> perPoint = new ArrayList<>();
    raw.forEach(c -> perPoint.add(new ArrayList<>(c.tests())));
    for (PointChange.Measure m : PointChange.Measure.values()) {
      List<PairTest> column = perPoint.stream().map(t -> t.get(m.ordinal())).toList();
      List<PairTest> adjusted = Significance.holm(column);
      for (int i = 0; i < perPoint.size(); i++) {
        perPoint.get(i).set(m.ordinal(), adjusted.get(i));
      }
    }
    List<PointChange> changes = new ArrayList<>();
    for (int i = 0; i < raw.size(); i++) {
      changes.add(raw.get(i).withTests(perPoint.get(i)));
    }
    List<Threshold.Check> checks = new ArrayList<>();
    for (Threshold t : thresholds) {
      for (PointChange c : changes) {
        String subject =
            t.metric() + " of " + c.label() + (t.metric().startsWith("delta.") ? "" : " (NEW)");
        checks.add(t.check(c.metric(t.metric()), subject));
      }
    }
    return new DiffReport(base, next, changes, only(base, next), only(next, base), checks);
  }

  private static List<String> only(DiffSide side, DiffSide other) {
    return side.points().values().stream()
        .filter(p -> !other.points().containsKey(p.id()))
        .map(DiffSide.Point::label)
        .sorted()
        .toList();
  }

  List<PointChange> changes() {
    return changes;
  }

  boolean passed() {
    return checks.stream().allMatch(Threshold.Check::pass);
  }

  /** How many point-metric pairs changed significantly. */
  long significant() {
    return changes.stream().flatMap(c -> c.tests().stream()).filter(PairTest::significant).count();
  }

  String summary() {
    long n = significant();
    return changes.size()
        + " points in both; "
        + onlyBase.size()
        + " only in BASE, "
        + onlyNew.size()
        + " only in NEW. "
        + (n == 0
            ? "No significant change."
            : n + (n == 1 ? " significant change" : " significant changes") + " (below).");
  }

  Page page() {
    Page p = new Page("diff: " + base.dir() + " -> " + next.dir());
    p.paragraph(summary());
    for (PointChange.Measure m : PointChange.Measure.values()) {
      String estimator =
          m == PointChange.Measure.THROUGHPUT
              ? "mean of the kept runs, 95 % t interval; Welch's t-test over runs"
              : "of the merged histogram of the kept runs, 95 % bootstrap interval over runs;"
                  + " bootstrap of the difference over runs";
      p.heading(m.id + " " + m.unit + " (" + estimator + "; Holm-Bonferroni over the points)");
      List<List<String>> rows = new ArrayList<>();
      for (PointChange c : changes) {
        PairTest t = c.tests().get(m.ordinal());
        rows.add(
            List.of(
                c.label(),
                c.base().get(m.ordinal()).text(m.decimals, m.scale),
                c.next().get(m.ordinal()).text(m.decimals, m.scale),
                t.changeText(),
                t.tested() ? t.pText() : "-",
                c.verdict(m)));
      }
      p.table(
          List.of("point", "BASE", "NEW", "change (95 %)", "p (Holm)", "verdict"),
          List.of(false, true, true, true, true, false),
          rows);
    }
    if (!onlyBase.isEmpty() || !onlyNew.isEmpty()) {
      p.heading("Points on one side only");
      List<String> items = new ArrayList<>();
      onlyBase.forEach(l -> items.add("only in BASE: " + l));
      onlyNew.forEach(l -> items.add("only in NEW: " + l));
      p.bullets(items);
    }
    if (!checks.isEmpty()) {
      p.heading("Thresholds");
      List<List<String>> rows = new ArrayList<>();
      checks.forEach(
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

  String json() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("base", base.dir().toString());
    m.put("new", next.dir().toString());
    m.put("summary", summary());
    List<Object> points = new ArrayList<>();
    for (PointChange c : changes) {
      Map<String, Object> point = new LinkedHashMap<>();
      point.put("point", c.label());
      for (PointChange.Measure x : PointChange.Measure.values()) {
        PairTest t = c.tests().get(x.ordinal());
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("base", scaled(c.base().get(x.ordinal()).value(), x.scale));
        v.put("new", scaled(c.next().get(x.ordinal()).value(), x.scale));
        v.put("change_percent", t.ratio() == null ? null : (t.ratio() - 1) * 100);
        v.put("change_low_percent", t.ratioLow() == null ? null : (t.ratioLow() - 1) * 100);
        v.put("change_high_percent", t.ratioHigh() == null ? null : (t.ratioHigh() - 1) * 100);
        v.put("p", t.p());
        v.put("p_holm", t.pAdjusted());
        v.put("significant", t.significant());
        v.put("verdict", c.verdict(x));
        v.put("test", t.test());
        point.put(x.id, v);
      }
      points.add(point);
    }
    m.put("points", points);
    m.put("only_base", onlyBase);
    m.put("only_new", onlyNew);
    List<Object> t = new ArrayList<>();
    for (Threshold.Check c : checks) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("threshold", c.threshold().expression());
      x.put("applies_to", c.subject());
      x.put("value", c.threshold().inShownUnit(c.actual()));
      x.put("pass", c.pass());
      t.add(x);
    }
    m.put("thresholds", t);
    m.put("passed", passed());
    try {
      return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(m)
          + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("diff json: " + e.getMessage(), e);
    }
  }

  private static Double scaled(Double v, double scale) {
    return v == null ? null : v * scale;
  }
}
