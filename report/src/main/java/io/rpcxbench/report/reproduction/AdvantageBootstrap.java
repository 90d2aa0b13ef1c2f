package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.db.Protocol;
import io.rpcxbench.report.tables.Metric;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.apache.commons.statistics.descriptive.Quantile;

/**
 * RPCX's runtime advantage over each rival in one regime, with percentile-bootstrap 95 % intervals.
 * A replicate resamples, for every point, its sweeps with replacement and then each drawn sweep's
 * kept runs with replacement (with one sweep per point: the runs only), takes the mean runtime, and
 * recomputes every pair's advantage and their median, smallest and largest. The generator is
 * seeded, so the same data give the same intervals on every machine.
 *
 * <pre>{@code
 * Map<Protocol, SortedMap<GridPair, List<double[]>>> runs = ...; // kept runtimes by sweep
 * AdvantageBootstrap.Result r = new AdvantageBootstrap(2000, 20261123L).run(runs).get("gRPC");
 * r.low(); // the smallest advantage over the grid, with its interval
 * }</pre>
 */
final class AdvantageBootstrap {
  /** A grid point (threads x requests), sorted by threads then requests. */
  record GridPair(int threads, int requests) implements Comparable<GridPair> {
    @Override
    public int compareTo(GridPair o) {
      int c = Integer.compare(threads, o.threads);
      return c != 0 ? c : Integer.compare(requests, o.requests);
    }
  }

  /** A statistic's value on the data and its 95 % percentile interval over the replicates. */
  record Interval(double estimate, double low, double high) {}

  /**
   * RPCX against one rival (or all together): pairs where both are complete, how many of them RPCX
   * is faster at on the means and with the whole 95 % interval of the pair's advantage above 0, the
   * smallest of those lower bounds, the advantage's median, smallest and largest over the pairs,
   * how many pairs lie inside the paper's runtime range, and the median's bootstrap draws (one a
   * replicate, for comparing two results).
   */
  record Result(
      String rival,
      int pairs,
      int faster,
      int fasterAt95,
      double smallestLowerBound,
      Interval median,
      Interval low,
      Interval high,
      int insidePaper,
      List<Double> medianDraws) {
    /**
     * The change of the median advantage from {@code earlier} to this result, with the 95 %
     * percentile interval of the difference of the two (independent) bootstraps' draws; null when
     * either has no pair.
     */
    Interval medianChangeFrom(Result earlier) {
      return medianChangeFrom(earlier, 0, 0);
    }

    /**
     * As {@link #medianChangeFrom(Result)}, with a normal draw of variance {@code extraVariance}
     * (seeded by {@code seed}) added to each difference: the sweep-to-sweep variance of the two
     * medians that the per-point bootstraps do not hold.
     */
    Interval medianChangeFrom(Result earlier, double extraVariance, long seed) {
      if (pairs == 0 || earlier.pairs == 0) {
        return null;
      }
      int n = Math.min(medianDraws.size(), earlier.medianDraws.size());
      double[] d = new double[n];
      UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
      double sd = Math.sqrt(Math.max(0, extraVariance));
      for (int b = 0; b < n; b++) {
        double noise = sd == 0 ? 0 : sd * gaussian(rng);
        d[b] = medianDraws.get(b) - earlier.medianDraws.get(b) + noise;
      }
      return interval(median.estimate() - earlier.median.estimate(), d);
    }
  }

  /** The name of the result that pools both rivals' pairs. */
  static final String BOTH = "both";

  static final int REPLICATES = 2000;
  static final long SEED = 20_261_123L;

  private static final Quantile QUANTILE = Quantile.withDefaults().withCopy(true);

  private final int replicates;
  private final long seed;

  AdvantageBootstrap(int replicates, long seed) {
    if (replicates < 100) {
      throw new IllegalArgumentException("replicates: at least 100, got " + replicates);
    }
    this.replicates = replicates;
    this.seed = seed;
  }

  /**
   * One result per rival (by label, in {@code runs}' order after RPCX) and {@link #BOTH}; empty
   * without RPCX or a rival. {@code runs}: each protocol's complete points, each point's kept
   * runtimes (ms) per sweep.
   */
  Map<String, Result> run(Map<Protocol, SortedMap<GridPair, List<double[]>>> runs) {
    Map<String, Result> out = new LinkedHashMap<>();
    SortedMap<GridPair, List<double[]>> rpcx = runs.get(Protocol.RPCX);
    if (rpcx == null) {
      return out;
    }
    UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
    Map<Protocol, Map<GridPair, double[]>> replicated = new TreeMap<>();
    Map<Protocol, Map<GridPair, Double>> means = new TreeMap<>();
    for (Map.Entry<Protocol, SortedMap<GridPair, List<double[]>>> p :
        new TreeMap<>(runs).entrySet()) {
      for (Map.Entry<GridPair, List<double[]>> point : p.getValue().entrySet()) {
        replicated
            .computeIfAbsent(p.getKey(), k -> new TreeMap<>())
            .put(point.getKey(), resampledMeans(point.getValue(), rng));
        means
            .computeIfAbsent(p.getKey(), k -> new TreeMap<>())
            .put(point.getKey(), pooledMean(point.getValue()));
      }
    }
    List<double[]> allReplicates = new ArrayList<>();
    List<Double> allEstimates = new ArrayList<>();
    for (Protocol rival : runs.keySet()) {
      if (rival.equals(Protocol.RPCX)) {
        continue;
      }
      List<double[]> adv = new ArrayList<>();
      List<Double> est = new ArrayList<>();
      for (GridPair pair : new TreeMap<>(rpcx).keySet()) {
        if (!runs.get(rival).containsKey(pair)) {
          continue;
        }
        double[] r = replicated.get(Protocol.RPCX).get(pair);
        double[] o = replicated.get(rival).get(pair);
        double[] a = new double[replicates];
        for (int b = 0; b < replicates; b++) {
          a[b] = advantage(r[b], o[b]);
        }
        adv.add(a);
        est.add(advantage(means.get(Protocol.RPCX).get(pair), means.get(rival).get(pair)));
      }
      allReplicates.addAll(adv);
      allEstimates.addAll(est);
      out.put(rival.label, result(rival.label, adv, est));
    }
    if (out.size() > 1) {
      out.put(BOTH, result(BOTH, allReplicates, allEstimates));
    }
    return out;
  }

  private Result result(String rival, List<double[]> adv, List<Double> est) {
    int n = est.size();
    if (n == 0) {
      Interval none = new Interval(Double.NaN, Double.NaN, Double.NaN);
      return new Result(rival, 0, 0, 0, Double.NaN, none, none, none, 0, List.of());
    }
    int faster = (int) est.stream().filter(a -> a > 0).count();
    int fasterAt95 = 0;
    double smallestLower = Double.POSITIVE_INFINITY;
    for (double[] a : adv) {
      double lower = QUANTILE.evaluate(a, 0.025);
      smallestLower = Math.min(smallestLower, lower);
      if (lower > 0) {
        fasterAt95++;
      }
    }
    double[] median = new double[replicates];
    double[] low = new double[replicates];
    double[] high = new double[replicates];
    double[] column = new double[n];
    for (int b = 0; b < replicates; b++) {
      for (int i = 0; i < n; i++) {
        column[i] = adv.get(i)[b];
      }
      median[b] = QUANTILE.evaluate(column, 0.5);
      low[b] = min(column);
      high[b] = max(column);
    }
    double[] e = est.stream().mapToDouble(Double::doubleValue).toArray();
    int inside =
        (int)
            est.stream()
                .filter(a -> a >= Metric.RUNTIME.paperLow && a <= Metric.RUNTIME.paperHigh)
                .count();
    return new Result(
        rival,
        n,
        faster,
        fasterAt95,
        smallestLower,
        interval(QUANTILE.evaluate(e, 0.5), median),
        interval(min(e), low),
        interval(max(e), high),
        inside,
        Arrays.stream(median).boxed().toList());
  }

  private static Interval interval(double estimate, double[] replicates) {
    return new Interval(
        estimate, QUANTILE.evaluate(replicates, 0.025), QUANTILE.evaluate(replicates, 0.975));
  }

  /** A standard normal draw (Box-Muller), so the seeded stream is the same on every JDK. */
  private static double gaussian(UniformRandomProvider rng) {
    double u = 1 - rng.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.nextDouble());
  }

  /** The generator's seed: a caller that draws more numbers derives its stream from it. */
  long seed() {
    return seed;
  }

  /** The paper's runtime advantage, (other - RPCX) / other, in percent. */
  static double advantage(double rpcx, double other) {
    return 100 * (other - rpcx) / other;
  }

  /**
   * {@code replicates} means of the point, each of its sweeps and their runs drawn with
   * replacement.
   */
  private double[] resampledMeans(List<double[]> sweeps, UniformRandomProvider rng) {
    double[] out = new double[replicates];
    int k = sweeps.size();
    for (int b = 0; b < replicates; b++) {
      double sum = 0;
      int count = 0;
      for (int s = 0; s < k; s++) {
        double[] runs = sweeps.get(k == 1 ? 0 : rng.nextInt(k));
        for (int i = 0; i < runs.length; i++) {
          sum += runs[rng.nextInt(runs.length)];
        }
        count += runs.length;
      }
      out[b] = sum / count;
    }
    return out;
  }

  /** The mean of every kept run of the point: the cleaned mean. */
  static double pooledMean(List<double[]> sweeps) {
    double sum = 0;
    int count = 0;
    for (double[] runs : sweeps) {
      for (double x : runs) {
        sum += x;
      }
      count += runs.length;
    }
    return sum / count;
  }

  private static double min(double[] v) {
    double m = Double.POSITIVE_INFINITY;
    for (double x : v) {
      m = Math.min(m, x);
    }
    return m;
  }

  private static double max(double[] v) {
    double m = Double.NEGATIVE_INFINITY;
    for (double x : v) {
      m = Math.max(m, x);
    }
    return m;
  }
}
