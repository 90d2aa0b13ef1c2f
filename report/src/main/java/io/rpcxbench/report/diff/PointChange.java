package io.rpcxbench.report.diff;

import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.significance.PairTest;
import io.rpcxbench.report.significance.Significance;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.Threshold;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * One point of {@code report diff} on both sides: per side its throughput (the mean of its kept
 * runs' calls/s, Student t interval) and p50 / p99 / p99.9 (the merged histogram of its kept runs,
 * bootstrap interval over runs), and per metric the test of NEW against BASE ({@link Significance}:
 * Welch over runs for throughput, a bootstrap of the difference for percentiles).
 *
 * <pre>{@code
 * PointChange c = PointChange.of(base.points().get(id), next.points().get(id));
 * c.tests().get(Metric.P99).changeText();   // "+20.1 % (+17.0 to +23.4 %)"
 * }</pre>
 */
record PointChange(String label, List<Estimate> base, List<Estimate> next, List<PairTest> tests) {

  /** The metrics in table order, with how a value is shown and which way is worse. */
  enum Measure {
    THROUGHPUT("throughput", "calls/s", 0, 1, false),
    P50("p50", "µs", 1, 1e-3, true),
    P99("p99", "µs", 1, 1e-3, true),
    P999("p99.9", "µs", 1, 1e-3, true);

    final String id;
    final String unit;
    final int decimals;
    final double scale;
    final boolean higherIsWorse;

    Measure(String id, String unit, int decimals, double scale, boolean higherIsWorse) {
      this.id = id;
      this.unit = unit;
      this.decimals = decimals;
      this.scale = scale;
      this.higherIsWorse = higherIsWorse;
    }
  }

  private static final double[] QS = {50, 99, 99.9};

  static PointChange of(DiffSide.Point base, DiffSide.Point next) {
    List<Double> tb = throughputs(base.kept());
    List<Double> tn = throughputs(next.kept());
    List<Histogram> hb = histograms(base.kept());
    List<Histogram> hn = histograms(next.kept());
    String rb = Estimate.runs(base.kept().stream().map(RunRow::order).toList());
    String rn = Estimate.runs(next.kept().stream().map(RunRow::order).toList());
    List<Estimate> pb = Estimate.percentiles(QS, hb, rb, "runs");
    List<Estimate> pn = Estimate.percentiles(QS, hn, rn, "runs");
    List<Significance.Resampled> sb = Significance.resample(QS, hb, Significance.seed(0));
    List<Significance.Resampled> sn = Significance.resample(QS, hn, Significance.seed(1));
    return new PointChange(
        base.label(),
        List.of(Estimate.mean("calls/s", tb, rb), pb.get(0), pb.get(1), pb.get(2)),
        List.of(Estimate.mean("calls/s", tn, rn), pn.get(0), pn.get(1), pn.get(2)),
        List.of(
            Significance.welch("BASE", tb, "NEW", tn, "runs"),
            Significance.percentile("BASE", sb.get(0), "NEW", sn.get(0), "runs"),
            Significance.percentile("BASE", sb.get(1), "NEW", sn.get(1), "runs"),
            Significance.percentile("BASE", sb.get(2), "NEW", sn.get(2), "runs")));
  }

  /** One point's throughput (mean, t interval), p50 and p99 (merged histogram, bootstrap). */
  static List<Estimate> estimates(DiffSide.Point p) {
    String runs = Estimate.runs(p.kept().stream().map(RunRow::order).toList());
    List<Estimate> pcts =
        Estimate.percentiles(new double[] {50, 99}, histograms(p.kept()), runs, "runs");
    return List.of(Estimate.mean("calls/s", throughputs(p.kept()), runs), pcts.get(0), pcts.get(1));
  }

  /** Welch's t over runs of {@code b}'s throughput against {@code a}'s. */
  static PairTest throughputTest(String a, DiffSide.Point pa, String b, DiffSide.Point pb) {
    return Significance.welch(a, throughputs(pa.kept()), b, throughputs(pb.kept()), "runs");
  }

  /** A bootstrap of {@code b}'s p99 against {@code a}'s. */
  static PairTest p99Test(String a, DiffSide.Point pa, String b, DiffSide.Point pb) {
    return Significance.percentile(
        a,
        Significance.resample(99, histograms(pa.kept()), Significance.seed(0)),
        b,
        Significance.resample(99, histograms(pb.kept()), Significance.seed(1)),
        "runs");
  }

  /** Each kept run's calls over its time (calls/s). */
  private static List<Double> throughputs(List<RunRow> kept) {
    return kept.stream()
        .filter(r -> r.timeTotal() > 0)
        .map(r -> r.calls() / (r.timeTotal() / 1000))
        .toList();
  }

  /** The kept runs' histograms; none when a run that made calls has none (v1 files). */
  private static List<Histogram> histograms(List<RunRow> kept) {
    boolean whole = kept.stream().allMatch(r -> r.calls() == 0 || r.latencyNanos().isPresent());
    return whole
        ? kept.stream().map(RunRow::latencyNanos).flatMap(Optional::stream).toList()
        : List.of();
  }

  /** This point with other tests (Holm-adjusted across the points). */
  PointChange withTests(List<PairTest> adjusted) {
    return new PointChange(label, base, next, adjusted);
  }

  /** {@code no significant change}, {@code significantly slower}, {@code significantly faster}. */
  String verdict(Measure m) {
    PairTest t = tests.get(m.ordinal());
    if (!t.significant() || t.ratio() == null) {
      return t.tested() ? "no significant change" : t.note();
    }
    boolean up = t.ratio() > 1;
    return up == m.higherIsWorse ? "significantly slower" : "significantly faster";
  }

  /**
   * NEW's value of a threshold metric ({@link Threshold#DIFF}): ns for latencies (the histograms'
   * unit, as {@link Threshold} holds them), % for changes.
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
}
