package io.rpcxbench.report;

import io.rpcxbench.raw.Histograms;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * One statistic of some runs: its figure, a 95 % interval when there are runs enough to give one
 * (null bounds otherwise), and the estimator that made both, in words for the table's header. The
 * report's one statistics engine: every summary (show --cleaned, compare) is made here, one
 * estimator per statistic.
 *
 * <ul>
 *   <li>{@link #mean}: a rate or a time, the mean over the units (runs, or rounds of runs) with its
 *       Student t interval;
 *   <li>{@link #percentile}: a latency percentile of the units' merged histogram, with a bootstrap
 *       interval (the units resampled with replacement, merged again, 1000 times, seeded, so a
 *       table is the same every time it is made).
 * </ul>
 *
 * <pre>{@code
 * Estimate p99 = Estimate.percentile(99, histogramsOfRuns, "runs 1..9", "runs");
 * p99.estimator();      // "p99 of the merged histogram of runs 1..9, 95 % bootstrap interval over runs"
 * p99.text(1, 1e-3);    // "900.0 (880.0-950.0)" (ns histograms shown in µs)
 * }</pre>
 */
record Estimate(Double value, Double low, Double high, String estimator) {
  static final int RESAMPLES = 1000;
  private static final long SEED = 24;

  /** Whether the interval is there (two units at least). */
  boolean hasInterval() {
    return low != null && high != null;
  }

  /**
   * The mean of {@code values} (one per unit) with its 95 % Student t interval; the interval is cut
   * at 0 when no value is negative (a rate or a time: two noisy rounds give a wide one).
   */
  static Estimate mean(String statistic, List<Double> values, String units) {
    Spread s = Spread.of(values);
    Double half = s.avg() == null ? null : StudentT.halfWidth95(values.size(), s.stdev());
    double floor = s.min() != null && s.min() >= 0 ? 0 : Double.NEGATIVE_INFINITY;
    return new Estimate(
        s.avg(),
        half == null ? null : Math.max(floor, s.avg() - half),
        half == null ? null : s.avg() + half,
        statistic + ": mean of " + units + (half == null ? "" : ", 95 % t interval"));
  }

  /**
   * The {@code q}-th percentile of the merged histogram of {@code units} (one histogram per unit,
   * values as recorded) with a 95 % bootstrap interval over the units.
   */
  static Estimate percentile(double q, List<Histogram> units, String unitsText, String over) {
    String name = "p" + Num.fixed(q, q == Math.rint(q) ? 0 : 1);
    String estimator =
        name
            + " of the merged histogram of "
            + unitsText
            + (units.size() < 2 ? "" : ", 95 % bootstrap interval over " + over);
    if (units.isEmpty()) {
      return new Estimate(null, null, null, estimator);
    }
    double value = Histograms.merge(units).getValueAtPercentile(q);
    if (units.size() < 2) {
      return new Estimate(value, null, null, estimator);
    }
    Random random = new Random(SEED);
    double[] replicates = new double[RESAMPLES];
    for (int b = 0; b < RESAMPLES; b++) {
      List<Histogram> sample = new ArrayList<>(units.size());
      for (int i = 0; i < units.size(); i++) {
        sample.add(units.get(random.nextInt(units.size())));
      }
      replicates[b] = Histograms.merge(sample).getValueAtPercentile(q);
    }
    java.util.Arrays.sort(replicates);
    return new Estimate(
        value,
        replicates[(int) Math.floor(0.025 * (RESAMPLES - 1))],
        replicates[(int) Math.ceil(0.975 * (RESAMPLES - 1))],
        estimator);
  }

  /** A derived figure (a ratio of two estimates, CPU per call, ...) with no interval. */
  static Estimate plain(Double value, String estimator) {
    return new Estimate(value, null, null, estimator);
  }

  /** The values of {@code items} as doubles, for {@link #mean}. */
  static <T> List<Double> values(List<T> items, ToDoubleFunction<T> f) {
    return items.stream().map(x -> f.applyAsDouble(x)).toList();
  }

  /** {@code runs 1..9}, {@code runs 1, 3, 4}, {@code run 2}: the orders a statistic is over. */
  static String runs(List<Integer> orders) {
    return numbered("run", orders);
  }

  /** {@code rounds 1..3}, {@code round 2}. */
  static String rounds(List<Integer> rounds) {
    return numbered("round", rounds);
  }

  private static String numbered(String noun, List<Integer> numbers) {
    List<Integer> o = numbers.stream().sorted().distinct().toList();
    if (o.isEmpty()) {
      return "no " + noun + "s";
    }
    if (o.size() == 1) {
      return noun + " " + o.get(0);
    }
    boolean contiguous = o.get(o.size() - 1) - o.get(0) == o.size() - 1;
    if (contiguous) {
      return noun + "s " + o.get(0) + ".." + o.get(o.size() - 1);
    }
    return noun + "s " + String.join(", ", o.stream().map(String::valueOf).toList());
  }

  /**
   * The figure scaled by {@code scale} with {@code decimals} decimals, the interval beside it in
   * brackets when there is one: {@code 900.0 (880.0-950.0)}; {@code n/a} without a figure.
   */
  String text(int decimals, double scale) {
    if (value == null) {
      return "n/a";
    }
    String v = Num.fixed(value * scale, decimals);
    return hasInterval()
        ? v
            + " ("
            + Num.fixed(low * scale, decimals)
            + "-"
            + Num.fixed(high * scale, decimals)
            + ")"
        : v;
  }
}
