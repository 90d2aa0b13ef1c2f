package io.rpcxbench.stats;

import io.rpcxbench.raw.Histograms;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One statistic of some runs: its figure, a 95 % interval when there are runs enough to give one
 * (null bounds otherwise), and the estimator that made both, in words for the table's header. The
 * one statistics engine of the harness and the report: every summary (the harness's console table,
 * report show --cleaned, compare, choose, diff) is made here, one estimator per statistic.
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
public record Estimate(Double value, Double low, Double high, String estimator) {
  public static final int RESAMPLES = 1000;

  /** The bootstrap's seed: the same data give the same intervals on every machine. */
  public static final long SEED = 24;

  /** Whether the interval is there (two units at least). */
  public boolean hasInterval() {
    return low != null && high != null;
  }

  /**
   * The mean of {@code values} (one per unit) with its 95 % Student t interval; the interval is cut
   * at 0 when no value is negative (a rate or a time: two noisy rounds give a wide one).
   */
  public static Estimate mean(String statistic, List<Double> values, String units) {
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
  public static Estimate percentile(
      double q, List<Histogram> units, String unitsText, String over) {
    return percentiles(new double[] {q}, units, unitsText, over).get(0);
  }

  /**
   * {@link #percentile} of several percentiles at once, read off the same resamples (the same seed
   * draws the same units whatever the percentile, so each is what {@link #percentile} gives).
   */
  public static List<Estimate> percentiles(
      double[] qs, List<Histogram> units, String unitsText, String over) {
    List<Estimate> out = new ArrayList<>();
    Histogram merged = units.isEmpty() ? null : Histograms.merge(units);
    double[][] replicates = units.size() < 2 ? null : replicates(qs, units, SEED);
    for (int k = 0; k < qs.length; k++) {
      double q = qs[k];
      String estimator =
          "p"
              + Num.fixed(q, q == Math.rint(q) ? 0 : 1)
              + " of the merged histogram of "
              + unitsText
              + (units.size() < 2 ? "" : ", 95 % bootstrap interval over " + over);
      if (merged == null) {
        out.add(new Estimate(null, null, null, estimator));
      } else if (replicates == null) {
        out.add(new Estimate((double) merged.getValueAtPercentile(q), null, null, estimator));
      } else {
        double[] r = replicates[k].clone();
        java.util.Arrays.sort(r);
        out.add(
            new Estimate((double) merged.getValueAtPercentile(q), low95(r), high95(r), estimator));
      }
    }
    return out;
  }

  /**
   * The bootstrap replicates of the percentiles {@code qs} of the merged histogram of {@code units}
   * (at least one), in draw order: {@link #RESAMPLES} times the units resampled with replacement by
   * a generator seeded with {@code seed}, merged, and every percentile read off the same merge. Two
   * sides of a comparison take two seeds, so their resamples are independent.
   */
  public static double[][] replicates(double[] qs, List<Histogram> units, long seed) {
    Random random = new Random(seed);
    double[][] replicates = new double[qs.length][RESAMPLES];
    // Each unit as its recorded values (a few hundred buckets), added to one histogram of the
    // first unit's structure emptied for each resample: the counts Histograms.merge gives for
    // units recorded alike, without walking every unit's whole counts array 1000 times.
    long[][] values = new long[units.size()][];
    long[][] counts = new long[units.size()][];
    for (int i = 0; i < units.size(); i++) {
      List<long[]> recorded = new ArrayList<>();
      for (HistogramIterationValue v : units.get(i).recordedValues()) {
        recorded.add(new long[] {v.getValueIteratedTo(), v.getCountAtValueIteratedTo()});
      }
      values[i] = recorded.stream().mapToLong(x -> x[0]).toArray();
      counts[i] = recorded.stream().mapToLong(x -> x[1]).toArray();
    }
    Histogram merged = units.get(0).copy();
    merged.setAutoResize(true);
    for (int b = 0; b < RESAMPLES; b++) {
      merged.reset();
      for (int i = 0; i < units.size(); i++) {
        int u = random.nextInt(units.size());
        for (int k = 0; k < values[u].length; k++) {
          merged.recordValueWithCount(values[u][k], counts[u][k]);
        }
      }
      for (int k = 0; k < qs.length; k++) {
        replicates[k][b] = merged.getValueAtPercentile(qs[k]);
      }
    }
    return replicates;
  }

  /** The lower end of the 95 % percentile interval of sorted bootstrap replicates. */
  public static double low95(double[] sorted) {
    return sorted[(int) Math.floor(0.025 * (sorted.length - 1))];
  }

  /** The upper end of the 95 % percentile interval of sorted bootstrap replicates. */
  public static double high95(double[] sorted) {
    return sorted[(int) Math.ceil(0.975 * (sorted.length - 1))];
  }

  /**
   * The estimator without the statistic's name, for a header that names several statistics made
   * alike: {@code "mean of runs 1..9, 95 % t interval"} (of {@code "calls/s: mean of runs 1..9, 95
   * % t interval"}), {@code "of the merged histogram of runs 1..9, ..."} (of {@code "p99 of the
   * merged histogram of runs 1..9, ..."}).
   */
  public String method() {
    int colon = estimator.indexOf(": ");
    if (colon >= 0) {
      return estimator.substring(colon + 2);
    }
    int space = estimator.indexOf(' ');
    return space < 0 ? estimator : estimator.substring(space + 1);
  }

  /** A derived figure (a ratio of two estimates, CPU per call, ...) with no interval. */
  public static Estimate plain(Double value, String estimator) {
    return new Estimate(value, null, null, estimator);
  }

  /** The values of {@code items} as doubles, for {@link #mean}. */
  public static <T> List<Double> values(List<T> items, ToDoubleFunction<T> f) {
    return items.stream().map(x -> f.applyAsDouble(x)).toList();
  }

  /** {@code runs 1..9}, {@code runs 1, 3, 4}, {@code run 2}: the orders a statistic is over. */
  public static String runs(List<Integer> orders) {
    return numbered("run", orders);
  }

  /** {@code rounds 1..3}, {@code round 2}. */
  public static String rounds(List<Integer> rounds) {
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
  public String text(int decimals, double scale) {
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
