package io.rpcxbench.verdict.diff;

import io.rpcxbench.raw.Histograms;
import io.rpcxbench.raw.RunRow;
import io.rpcxbench.stats.Calibration;
import io.rpcxbench.stats.Detectable;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Shift;
import io.rpcxbench.stats.Threshold;
import io.rpcxbench.verdict.significance.PairTest;
import io.rpcxbench.verdict.significance.Significance;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * One point of {@code report diff} on both sides, trial by trial: each trial (one raw file) gives
 * one value per metric, its throughput (the kept runs' calls over their time) and its p50 / p99 /
 * p99.9 (the merged histogram of its kept runs; "too few calls" when the trial has fewer than
 * {@value #TAIL_CALLS} calls beyond the percentile). Each side is shown as the median of its trials
 * with their range; each metric's change is {@link Shift}'s (Significance.trials), with the
 * smallest change the two sides' spread lets this many trials detect.
 *
 * <pre>{@code
 * PointChange c = PointChange.of(base.points().get(id), next.points().get(id));
 * c.tests().get(Measure.P99.ordinal()).changeText();   // "+20.1 % (+17.0 to +23.4 %)"
 * c.detectable(Measure.P99);                           // 14.2 (percent)
 * }</pre>
 */
public record PointChange(
    String label,
    List<Estimate> base,
    List<Estimate> next,
    List<List<Double>> baseTrials,
    List<List<Double>> newTrials,
    List<PairTest> tests,
    Design design,
    int rounds,
    Calibration calibration,
    String contentionNote) {

  /** How the two sides' trials were measured, which decides the test. */
  enum Design {
    /** The same interleaved rounds, one trial of each side a round: paired by round. */
    PAIRED,
    /** Their times overlap: one invocation's drift is shared, the trials tested as they are. */
    INTERLEAVED,
    /** Recorded apart (or their times not recorded): each side its own invocation. */
    APART
  }

  /** Why two folders recorded apart get no verdict without the machine's calibration. */
  static final String APART_UNCALIBRATED =
      "recorded apart: invocations cannot be told from the change";

  /** The metrics in table order, with how a value is shown and which way is worse. */
  public enum Measure {
    THROUGHPUT("throughput", "calls/s", 0, 1, false, 0),
    P50("p50", "µs", 1, 1e-3, true, 50),
    P99("p99", "µs", 1, 1e-3, true, 99),
    P999("p99.9", "µs", 1, 1e-3, true, 99.9);

    public final String id;
    final String unit;
    final int decimals;
    final double scale;
    final boolean higherIsWorse;
    final double q;

    Measure(String id, String unit, int decimals, double scale, boolean higherIsWorse, double q) {
      this.id = id;
      this.unit = unit;
      this.decimals = decimals;
      this.scale = scale;
      this.higherIsWorse = higherIsWorse;
      this.q = q;
    }
  }

  /** Calls a trial needs beyond a percentile for it to be that trial's value. */
  static final int TAIL_CALLS = 5;

  static PointChange of(DiffSide.Point base, DiffSide.Point next) {
    return of(base, next, null, Shift.ALPHA);
  }

  /**
   * The two sides' point compared by their design ({@link Design}); two folders recorded apart are
   * tested with {@code calibration}'s between-invocation spread ({@link Shift#apart}), and without
   * one (null, or a metric it did not measure across invocations) get no verdict.
   */
  static PointChange of(
      DiffSide.Point base, DiffSide.Point next, Calibration calibration, double alpha) {
    Design design = PointDesign.design(base, next);
    String contention = PointDesign.contention(base, next);
    if (design == Design.APART && !contention.isEmpty()) {
      // the calibration measured invocations of one machine state, not a busy one against a quiet
      calibration = null;
    }
    List<List<Double>> vb = values(base);
    List<List<Double>> vn = values(next);
    List<Estimate> eb = new ArrayList<>();
    List<Estimate> en = new ArrayList<>();
    List<PairTest> tests = new ArrayList<>();
    int rounds = design == Design.PAIRED ? base.trials().size() : 0;
    PointChange bare =
        new PointChange(
            base.label(), eb, en, vb, vn, tests, design, rounds, calibration, contention);
    for (Measure m : Measure.values()) {
      eb.add(summary(m, vb.get(m.ordinal())));
      en.add(summary(m, vn.get(m.ordinal())));
      PairTest t =
          Significance.of(
              "BASE", vb.get(m.ordinal()), "NEW", vn.get(m.ordinal()), bare.test(m, Shift.ALPHA));
      boolean fewCalls =
          m != Measure.THROUGHPUT
              && (vb.get(m.ordinal()).size() < base.trials().size()
                  || vn.get(m.ordinal()).size() < next.trials().size());
      if (!t.tested() && fewCalls) {
        String why =
            "n/a: too few calls for "
                + m.id
                + " (a trial needs "
                + Math.round(TAIL_CALLS / (1 - m.q / 100))
                + ")";
        t =
            new PairTest(
                "BASE", "NEW", null, null, null, null, null, null, null, null, false, why, why);
      }
      tests.add(t);
    }
    return new PointChange(
        base.label(), eb, en, vb, vn, tests, design, rounds, calibration, contention);
  }

  /**
   * The one test of {@code m} at level {@code alpha}, by the design: paired by round (all trials
   * with a value), the trials as they are, or two invocations with the calibrated spread between
   * invocations allowed for.
   */
  Shift test(Measure m, double alpha) {
    List<Double> a = baseTrials.get(m.ordinal());
    List<Double> b = newTrials.get(m.ordinal());
    return switch (design) {
      case PAIRED -> Shift.of(a, b, a.size() == rounds && b.size() == rounds, alpha);
      case INTERLEAVED -> Shift.of(a, b, false, alpha);
      case APART -> {
        if (!contentionNote.isEmpty()) {
          yield Shift.untested(a.size(), b.size(), contentionNote);
        }
        Calibration.Metric c = calibration == null ? null : calibration.metric(m.id);
        yield c != null && c.knowsInvocations()
            ? Shift.apart(
                array(a), array(b), c.invocationSpreadAt(spread(a, b)), c.invocationDof(), alpha)
            : Shift.untested(a.size(), b.size(), APART_UNCALIBRATED);
      }
    };
  }

  /** The two sides' pooled spread of log trial values (0 with too few). */
  private static double spread(List<Double> a, List<Double> b) {
    return Detectable.pooled(List.of(a, b)).map(Detectable::spread).orElse(0.0);
  }

  private static double[] array(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** Per metric (table order), one value per trial that has one, in the order of their rounds. */
  public static List<List<Double>> values(DiffSide.Point p) {
    List<List<Double>> out = new ArrayList<>();
    List<DiffSide.Trial> byNumber =
        p.trials().stream()
            .sorted(java.util.Comparator.comparingInt(DiffSide.Trial::number))
            .toList();
    for (Measure m : Measure.values()) {
      List<Double> v = new ArrayList<>();
      for (DiffSide.Trial t : byNumber) {
        Double x = value(m, t);
        if (x != null) {
          v.add(x);
        }
      }
      out.add(v);
    }
    return out;
  }

  /** One trial's value of {@code m}; null when it has none. */
  public static Double value(Measure m, DiffSide.Trial t) {
    return m == Measure.THROUGHPUT ? throughput(t.kept()) : percentile(t.kept(), m.q);
  }

  /** The median of the trials' values with their range. */
  private static Estimate summary(Measure m, List<Double> values) {
    if (values.isEmpty()) {
      return new Estimate(null, null, null, m.id + ": no trial with a value");
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = v.length;
    return new Estimate(
        Shift.median(values),
        n > 1 ? v[0] : null,
        n > 1 ? v[n - 1] : null,
        m.id + ": median of " + n + " trials, their range");
  }

  /** One trial's calls over its kept runs' time (calls/s); null without time. */
  private static Double throughput(List<RunRow> kept) {
    double calls = 0;
    double ms = 0;
    for (RunRow r : kept) {
      if (r.timeTotal() > 0) {
        calls += r.calls();
        ms += r.timeTotal();
      }
    }
    return ms > 0 && calls > 0 ? calls / (ms / 1000) : null;
  }

  /**
   * The {@code q}-th percentile of one trial's merged histogram (ns); null without histograms, or
   * with fewer than {@value #TAIL_CALLS} calls beyond it.
   */
  private static Double percentile(List<RunRow> kept, double q) {
    boolean whole = kept.stream().allMatch(r -> r.calls() == 0 || r.latencyNanos().isPresent());
    if (!whole || kept.isEmpty()) {
      return null;
    }
    List<Histogram> hs = kept.stream().map(RunRow::latencyNanos).flatMap(Optional::stream).toList();
    if (hs.isEmpty()) {
      return null;
    }
    Histogram merged = Histograms.merge(hs);
    if (merged.getTotalCount() * (1 - q / 100) < TAIL_CALLS) {
      return null;
    }
    double v = merged.getValueAtPercentile(q);
    return v > 0 ? v : null;
  }

  /** One point's throughput, p50 and p99, each the median of its trials with their range. */
  public static List<Estimate> estimates(DiffSide.Point p) {
    List<List<Double>> v = values(p);
    return List.of(
        summary(Measure.THROUGHPUT, v.get(0)),
        summary(Measure.P50, v.get(1)),
        summary(Measure.P99, v.get(2)));
  }

  /** {@code b}'s throughput against {@code a}'s, trial by trial. */
  public static PairTest throughputTest(String a, DiffSide.Point pa, String b, DiffSide.Point pb) {
    return Significance.trials(a, values(pa).get(0), b, values(pb).get(0), false);
  }

  /** {@code b}'s p99 against {@code a}'s, trial by trial. */
  public static PairTest p99Test(String a, DiffSide.Point pa, String b, DiffSide.Point pb) {
    return Significance.trials(a, values(pa).get(2), b, values(pb).get(2), false);
  }

  /** This point with other tests (Holm-adjusted across the points). */
  PointChange withTests(List<PairTest> adjusted) {
    return new PointChange(
        label,
        base,
        next,
        baseTrials,
        newTrials,
        adjusted,
        design,
        rounds,
        calibration,
        contentionNote);
  }

  /**
   * The smallest change in percent this many trials could detect here, from the two sides' pooled
   * spread; infinite with too few trials.
   */
  double detectable(Measure m) {
    List<Double> a = baseTrials.get(m.ordinal());
    List<Double> b = newTrials.get(m.ordinal());
    if (a.size() < 2 || b.size() < 2) {
      return Double.POSITIVE_INFINITY;
    }
    int n = Math.min(a.size(), b.size());
    if (design == Design.APART) {
      Calibration.Metric c = calibration == null ? null : calibration.metric(m.id);
      if (c == null || !c.knowsInvocations()) {
        return Double.POSITIVE_INFINITY;
      }
      return Detectable.pooled(List.of(a, b))
          .map(d -> d.percentApart(n, c.invocationSpreadAt(d.spread()), c.invocationDof()))
          .orElse(Double.POSITIVE_INFINITY);
    }
    return Detectable.pooled(List.of(a, b)).map(d -> d.percent(n)).orElse(Double.POSITIVE_INFINITY);
  }

  /** Trials on each side of a metric. */
  int trials(Measure m, boolean newSide) {
    return (newSide ? newTrials : baseTrials).get(m.ordinal()).size();
  }

  /**
   * {@code no significant change}, {@code significantly slower}, {@code significantly faster}, or
   * why there is no verdict; "cannot tell here" when even a test of these trials could only find a
   * change above {@value #CANNOT_TELL_PERCENT} %.
   */
  String verdict(Measure m) {
    PairTest t = tests.get(m.ordinal());
    if (!t.tested()) {
      return t.note();
    }
    if (t.significant() && t.ratio() != null) {
      boolean up = t.ratio() > 1;
      return up == m.higherIsWorse ? "significantly slower" : "significantly faster";
    }
    if (detectable(m) > CANNOT_TELL_PERCENT) {
      return "cannot tell here";
    }
    return t.note().isEmpty() ? "no significant change" : t.note();
  }

  /** Above this smallest detectable change a "no change" says nothing. */
  static final double CANNOT_TELL_PERCENT = 50;

  /**
   * NEW's value of a threshold metric ({@link Threshold#DIFF}): ns for latencies (the histograms'
   * unit, as {@link Threshold} holds them), the median of its trials; % for changes.
   */
  Double metric(String metric) {
    boolean delta = metric.startsWith("delta.");
    String id = delta ? metric.substring(6) : metric;
    for (Measure m : Measure.values()) {
      if (m.id.equals(id)) {
        if (delta) {
          Double r = tests.get(m.ordinal()).ratio();
          return r == null ? null : (r - 1) * 100;
        }
        return next.get(m.ordinal()).value();
      }
    }
    return null;
  }

  /**
   * The change of a threshold's metric as the point's own test finds it at level {@code alpha} (for
   * a gate: the tool's level over the points gated, so a family of gates calls a change where there
   * is none at most 5 % of the time).
   */
  Shift shift(String metric, double alpha) {
    String id = metric.startsWith("delta.") ? metric.substring(6) : metric;
    for (Measure m : Measure.values()) {
      if (m.id.equals(id)) {
        PairTest t = tests.get(m.ordinal());
        return t.tested()
            ? test(m, alpha)
            : Shift.untested(trials(m, false), trials(m, true), t.note());
      }
    }
    throw new IllegalArgumentException("no metric " + metric);
  }
}
