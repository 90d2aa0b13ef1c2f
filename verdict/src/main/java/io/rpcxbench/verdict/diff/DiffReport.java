package io.rpcxbench.verdict.diff;

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
    return DiffConditions.spans(this);
  }

  /** Each side's share of contended kept runs, when the two differ. */
  String contention() {
    return DiffConditions.contention(this);
  }

  /** The page a person reads: the summary, a table per metric, the gates and thresholds. */
  public Page page() {
    return DiffPage.of(this);
  }

  /** The verdict as JSON (diff.json). */
  public String json() {
    return DiffJson.of(this);
  }

  DiffSide base() {
    return base;
  }

  DiffSide next() {
    return next;
  }

  List<String> onlyBase() {
    return onlyBase;
  }

  List<String> onlyNew() {
    return onlyNew;
  }

  List<Threshold.Check> checks() {
    return checks;
  }

  List<Gate> gates() {
    return gates;
  }

  Sequential design() {
    return design;
  }
}
