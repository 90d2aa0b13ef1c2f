package io.rpcxbench.verdict.diff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.rpcxbench.raw.ClosingLine;
import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.stats.AaLedger;
import io.rpcxbench.stats.Calibration;
import io.rpcxbench.stats.Gate;
import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Sequential;
import io.rpcxbench.stats.Shift;
import io.rpcxbench.stats.Threshold;
import io.rpcxbench.verdict.page.Page;
import io.rpcxbench.verdict.significance.PairTest;
import io.rpcxbench.verdict.significance.Significance;
import java.time.Instant;
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
public final class DiffReport {
  private final DiffSide base;
  private final DiffSide next;
  private final List<PointChange> changes;
  private final List<String> onlyBase;
  private final List<String> onlyNew;
  private final List<Threshold.Check> checks;
  private final List<Gate> gates;
  private final Sequential design;

  private DiffReport(
      DiffSide base,
      DiffSide next,
      List<PointChange> changes,
      List<String> onlyBase,
      List<String> onlyNew,
      List<Threshold.Check> checks,
      List<Gate> gates,
      Sequential design) {
    this.design = design;
    this.base = base;
    this.next = next;
    this.changes = changes;
    this.onlyBase = onlyBase;
    this.onlyNew = onlyNew;
    this.checks = checks;
    this.gates = gates;
  }

  public static DiffReport of(DiffSide base, DiffSide next, List<Threshold> thresholds) {
    return of(base, next, thresholds, null, Sequential.fixed(1));
  }

  /**
   * The diff, two folders recorded apart tested with {@code calibration}'s between-invocation
   * spread (null: none, and such folders get no verdict), every test at {@code design}'s level
   * (rounds added while undecided look more than once: {@link Sequential}).
   */
  public static DiffReport of(
      DiffSide base,
      DiffSide next,
      List<Threshold> thresholds,
      Calibration calibration,
      Sequential design) {
    double alpha = design.alpha();
    List<PointChange> raw = new ArrayList<>();
    for (Map.Entry<PointIdentity, DiffSide.Point> e : base.points().entrySet()) {
      DiffSide.Point n = next.points().get(e.getKey());
      if (n != null) {
        raw.add(PointChange.of(e.getValue(), n, calibration, alpha));
      }
    }
    raw.sort(Comparator.comparing(PointChange::label));
    // Holm-Bonferroni per metric, over the points of its table
    List<List<PairTest>> perPoint = new ArrayList<>();
    raw.forEach(c -> perPoint.add(new ArrayList<>(c.tests())));
    for (PointChange.Measure m : PointChange.Measure.values()) {
      List<PairTest> column = perPoint.stream().map(t -> t.get(m.ordinal())).toList();
      List<PairTest> adjusted = Significance.holm(column, t -> false, alpha);
      for (int i = 0; i < perPoint.size(); i++) {
        perPoint.get(i).set(m.ordinal(), adjusted.get(i));
      }
    }
    List<PointChange> changes = new ArrayList<>();
    for (int i = 0; i < raw.size(); i++) {
      changes.add(raw.get(i).withTests(perPoint.get(i)));
    }
    List<Threshold.Check> checks = new ArrayList<>();
    List<Gate> gates = new ArrayList<>();
    // a margin on a change is checked against the change's interval, never its estimate; the
    // points a margin gates share the tool's 5 % (Bonferroni), so a family of gates on an
    // unchanged build fails at most 5 % of the time, not 5 % a point
    double gateAlpha = alpha / Math.max(1, changes.size());
    for (Threshold t : thresholds) {
      for (PointChange c : changes) {
        if (t.kind() == Threshold.Kind.CHANGE) {
          gates.add(
              Gate.check(
                  t, t.metric().substring(6) + " of " + c.label(), c.shift(t.metric(), gateAlpha)));
        } else {
          checks.add(t.check(c.metric(t.metric()), t.metric() + " of " + c.label() + " (NEW)"));
        }
      }
    }
    return new DiffReport(
        base, next, changes, only(base, next), only(next, base), checks, gates, design);
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

  /**
   * This diff as A/A verdicts (both sides one build): one per point and metric that was tested,
   * significant as the table prints it; the design is the test's (two invocations recorded apart,
   * or one invocation's interleaved trials).
   */
  public List<AaLedger.Entry> aaVerdicts(Instant at, String source) {
    String invocation = AaLedger.invocationOf(source, base.dir());
    List<AaLedger.Entry> out = new ArrayList<>();
    for (PointChange c : changes) {
      AaLedger.Design design =
          c.design() == PointChange.Design.APART
              ? AaLedger.Design.APART
              : AaLedger.Design.INTERLEAVED;
      for (PointChange.Measure m : PointChange.Measure.values()) {
        PairTest t = c.tests().get(m.ordinal());
        if (t.tested()) {
          out.add(
              new AaLedger.Entry(
                  at, invocation + "/" + c.label(), source, design, m.id, t.significant()));
        }
      }
    }
    return out;
  }

  /** The diff's answer: nothing compared, a threshold failed, a gate undecided, or all passed. */
  public enum Outcome {
    PASSED,
    FAILED,
    INCONCLUSIVE,
    NOTHING_COMPARED
  }

  public Outcome outcome() {
    if (changes.isEmpty()) {
      return Outcome.NOTHING_COMPARED;
    }
    boolean failed =
        checks.stream().anyMatch(c -> !c.pass())
            || gates.stream().anyMatch(g -> g.answer() == Gate.Answer.FAIL);
    if (failed) {
      return Outcome.FAILED;
    }
    return gates.stream().anyMatch(g -> g.answer() == Gate.Answer.INCONCLUSIVE)
        ? Outcome.INCONCLUSIVE
        : Outcome.PASSED;
  }

  boolean passed() {
    return outcome() == Outcome.PASSED;
  }

  /**
   * The diff's last line ({@link ClosingLine}): its rows by verdict and the gates' answer; how sure
   * (the smallest change its rows detect here: median and range); the page, when given.
   */
  public ClosingLine closing(String page) {
    if (outcome() == Outcome.NOTHING_COMPARED) {
      return new ClosingLine("diff", summary(), "", page);
    }
    Map<String, Integer> byVerdict = new java.util.TreeMap<>();
    List<Double> detectable = new ArrayList<>();
    for (PointChange c : changes) {
      for (PointChange.Measure m : PointChange.Measure.values()) {
        String v = c.verdict(m);
        byVerdict.merge(
            v.startsWith("significantly")
                    || v.equals("no significant change")
                    || v.equals("cannot tell here")
                ? v
                : "not tested",
            1,
            Integer::sum);
        double d = c.detectable(m);
        if (Double.isFinite(d)) {
          detectable.add(d);
        }
      }
    }
    List<String> parts = new ArrayList<>();
    byVerdict.forEach((v, n) -> parts.add(n + " " + v));
    String gateText =
        gates.isEmpty() && checks.isEmpty()
            ? ""
            : "; gates: "
                + switch (outcome()) {
                  case PASSED -> "PASS";
                  case FAILED -> "FAIL";
                  default -> "INCONCLUSIVE";
                };
    String sure;
    if (detectable.isEmpty()) {
      sure = "no row could detect a change here";
    } else {
      java.util.Collections.sort(detectable);
      sure =
          "rows detect +-"
              + Num.fixed(detectable.get(detectable.size() / 2), 1)
              + " % here in the median ("
              + Num.fixed(detectable.get(0), 1)
              + "-"
              + Num.fixed(detectable.get(detectable.size() - 1), 1)
              + " %)";
    }
    return new ClosingLine(
        "diff",
        changes.size()
            + (changes.size() == 1 ? " point" : " points")
            + ": "
            + String.join(", ", parts)
            + gateText,
        sure,
        page);
  }

  /** How many point-metric pairs changed significantly. */
  long significant() {
    return changes.stream().flatMap(c -> c.tests().stream()).filter(PairTest::significant).count();
  }

  public String summary() {
    if (changes.isEmpty()) {
      return "nothing compared: no point is in both folders ("
          + onlyBase.size()
          + " only in BASE, "
          + onlyNew.size()
          + " only in NEW; a point is the same only with the same protocol, load, call, TLS,"
          + " compression and link).";
    }
    long n = significant();
    long untested =
        changes.stream().flatMap(c -> c.tests().stream()).filter(t -> !t.tested()).count();
    return changes.size()
        + " points in both; "
        + onlyBase.size()
        + " only in BASE, "
        + onlyNew.size()
        + " only in NEW. "
        + (n == 0
            ? "No significant change."
            : n + (n == 1 ? " significant change" : " significant changes") + " (below).")
        + (untested == 0
            ? ""
            : " "
                + untested
                + " of "
                + changes.size() * PointChange.Measure.values().length
                + " comparisons not tested: fewer than "
                + Shift.MIN_PER_SIDE
                + " trials a side, too few calls for a percentile (rpcx-bench sweep --trials 6"
                + " records six), or sides recorded apart that no calibration covers (below).");
  }

  /** When each side ran, and that two folders recorded apart were not interleaved. */
  String spans() {
    Instant[] b = base.span();
    Instant[] n = next.span();
    boolean overlap =
        b[0] != null
            && n[0] != null
            && b[1] != null
            && n[1] != null
            && !b[1].isBefore(n[0])
            && !n[1].isBefore(b[0]);
    return "BASE ran "
        + span(b)
        + ", NEW ran "
        + span(n)
        + (overlap ? "." : ": recorded apart, not interleaved. " + apartText());
  }

  /**
   * What two folders recorded apart are tested with: the machine's between-invocation spread, or
   * nothing, and the interleaved command that would tell.
   */
  private String apartText() {
    Calibration used =
        changes.stream()
            .filter(
                c ->
                    c.design() == PointChange.Design.APART
                        && c.calibration() != null
                        && c.calibration().metrics().stream()
                            .anyMatch(Calibration.Metric::knowsInvocations))
            .map(PointChange::calibration)
            .findFirst()
            .orElse(null);
    boolean contended = changes.stream().anyMatch(c -> !c.contentionNote().isEmpty());
    String interleaved =
        " To tell, run both sides in one invocation, in interleaved rounds: "
            + interleavedCommand()
            + ".";
    String busy =
        contended
            ? " Points whose sides ran under different contention (more than 20 points apart in"
                + " their shares of contended runs) are not tested: a busy machine against a quiet"
                + " one is outside what any calibration measured."
            : "";
    if (used != null) {
      Calibration c = used;
      return "Each side is its own invocation, and invocations differ by themselves on this"
          + " machine: the changes below allow for the spread between invocations that `rpcx-bench"
          + " calibrate` measured ("
          + c.invocations()
          + " invocations, "
          + c.measuredText()
          + "), so they are wider than the trials alone would say."
          + interleaved
          + busy;
    }
    return "Whatever changed on the machine between the two times is inside every change below,"
        + " and no calibration of this machine says how much invocations differ by themselves:"
        + " invocations cannot be told from the change, so no change below is tested (rpcx-bench"
        + " calibrate measures it; compare passes it on)."
        + interleaved
        + busy;
  }

  /** The command that measures both sides of the first point in interleaved rounds. */
  private String interleavedCommand() {
    PointIdentity id = base.points().keySet().iterator().next();
    return "`rpcx-bench compare --base-jar BEFORE.jar --new-jar AFTER.jar --protocol "
        + id.protocol()
        + " --threads "
        + id.threads()
        + " --requests "
        + id.requests()
        + "`";
  }

  private static String span(Instant[] s) {
    return s[0] == null ? "(times not recorded)" : s[0] + " to " + s[1];
  }

  /** Each side's share of contended kept runs, when the two differ. */
  String contention() {
    double b = contendedShare(base);
    double n = contendedShare(next);
    String line =
        "Contended runs (the noise guard): BASE "
            + Num.fixed(100 * b, 0)
            + " %, NEW "
            + Num.fixed(100 * n, 0)
            + " %";
    return Math.abs(b - n) > 0.2
        ? line + ": the two sides ran under different contention, which a change may reflect."
        : line + ".";
  }

  private static double contendedShare(DiffSide side) {
    double sum = 0;
    int trials = 0;
    for (DiffSide.Point p : side.points().values()) {
      for (DiffSide.Trial t : p.trials()) {
        sum += t.contendedShare();
        trials++;
      }
    }
    return trials == 0 ? 0 : sum / trials;
  }

  public Page page() {
    Page p = new Page("diff: " + base.dir() + " -> " + next.dir());
    p.paragraph(summary());
    if (changes.isEmpty()) {
      return p;
    }
    p.paragraph(spans() + " " + contention());
    if (design.adds()) {
      p.paragraph(
          "Rounds were added while a gate was undecided: "
              + design.text()
              + " (Pocock's constant boundary, simulated).");
    }
    for (PointChange.Measure m : PointChange.Measure.values()) {
      String estimator =
          (m == PointChange.Measure.THROUGHPUT
                  ? "a trial's calls over its kept runs' time"
                  : "a trial's merged histogram of its kept runs")
              + "; each side the median of its trials [range]; the change: Hodges-Lehmann ratio,"
              + " "
              + level(design.alpha())
              + " Mann-Whitney interval over trials (Wilcoxon signed-rank, paired by round,"
              + " where both sides ran in the same interleaved rounds: 10 or more; two folders"
              + " recorded apart: mean of log values with the calibrated between-invocation"
              + " variance, t interval)";
      p.heading(m.id + " " + m.unit + " (" + estimator + "; Holm-Bonferroni over the points)");
      List<List<String>> rows = new ArrayList<>();
      for (PointChange c : changes) {
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
              "change (" + level(design.alpha()) + ")",
              "change " + m.unit,
              "p (Holm)",
              "detectable here",
              "verdict"),
          List.of(false, true, true, true, true, true, true, true, false),
          rows);
    }
    if (!onlyBase.isEmpty() || !onlyNew.isEmpty()) {
      p.heading("Points on one side only");
      List<String> items = new ArrayList<>();
      onlyBase.forEach(l -> items.add("only in BASE: " + l));
      onlyNew.forEach(l -> items.add("only in NEW: " + l));
      p.bullets(items);
    }
    if (!gates.isEmpty()) {
      p.heading(
          "Gates (a margin on a change, checked against its "
              + level(design.alpha() / Math.max(1, changes.size()))
              + " interval: the tool's level shared over the points gated)");
      p.bullets(gates.stream().map(Gate::line).toList());
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

  public String json() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("base", base.dir().toString());
    m.put("new", next.dir().toString());
    m.put("summary", summary());
    List<Object> points = new ArrayList<>();
    for (PointChange c : changes) {
      Map<String, Object> point = new LinkedHashMap<>();
      point.put("point", c.label());
      point.put("design", c.design().name().toLowerCase(java.util.Locale.ROOT));
      for (PointChange.Measure x : PointChange.Measure.values()) {
        PairTest t = c.tests().get(x.ordinal());
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("base", scaled(c.base().get(x.ordinal()).value(), x.scale));
        v.put("new", scaled(c.next().get(x.ordinal()).value(), x.scale));
        v.put("change_percent", t.ratio() == null ? null : (t.ratio() - 1) * 100);
        v.put("change_low_percent", t.ratioLow() == null ? null : (t.ratioLow() - 1) * 100);
        v.put("change_high_percent", t.ratioHigh() == null ? null : (t.ratioHigh() - 1) * 100);
        v.put("change", scaled(t.difference(), x.scale));
        v.put("change_low", scaled(t.differenceLow(), x.scale));
        v.put("change_high", scaled(t.differenceHigh(), x.scale));
        v.put("trials_base", c.trials(x, false));
        v.put("trials_new", c.trials(x, true));
        double d = c.detectable(x);
        v.put("detectable_percent", Double.isInfinite(d) ? null : d);
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
    List<Object> g = new ArrayList<>();
    for (Gate x : gates) {
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("threshold", x.threshold().expression());
      e.put("applies_to", x.subject());
      e.put("answer", x.answer().name());
      e.put("trials_to_tell", x.trialsToTell());
      e.put("line", x.line());
      g.add(e);
    }
    m.put("gates", g);
    m.put("spans", spans());
    m.put("outcome", outcome().name());
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

  /** {@code 95 %}, {@code 97.9 %}: an interval's confidence at level {@code alpha}. */
  private static String level(double alpha) {
    return Num.fixed(100 * (1 - alpha), alpha * 100 == Math.rint(alpha * 100) ? 0 : 1) + " %";
  }
}
