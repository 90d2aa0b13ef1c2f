package io.rpcxbench.stats;

import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The null distributions of the two rank statistics {@link Shift} inverts: Mann-Whitney's U (two
 * independent samples of m and n) and Wilcoxon's signed-rank T+ (n paired differences). Exact by
 * counting while the samples are small (where an approximation is worst and trials are few); the
 * normal approximation with a continuity correction above that.
 */
final class RankNull {
  /** Exact while m x n (or n's Walsh averages) stay at or below this many. */
  static final int EXACT_LIMIT = 1600;

  private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

  /** The distributions made so far (callers never change the arrays). */
  private static final java.util.Map<String, double[]> CACHE =
      new java.util.concurrent.ConcurrentHashMap<>();

  private RankNull() {}

  /** P(U <= u) for u = 0..m*n: Mann-Whitney's U of samples of {@code m} and {@code n}, no ties. */
  static double[] mannWhitney(int m, int n) {
    return CACHE.computeIfAbsent(
        "u" + Math.min(m, n) + "x" + Math.max(m, n), k -> mannWhitneyComputed(m, n));
  }

  private static double[] mannWhitneyComputed(int m, int n) {
    int max = m * n;
    if (max <= EXACT_LIMIT) {
      return cumulative(mannWhitneyExact(m, n));
    }
    double sd = Math.sqrt(m * (double) n * (m + n + 1) / 12.0);
    return normal(max, sd);
  }

  /** P(T+ <= t) for t = 0..n(n+1)/2: Wilcoxon's signed rank of n differences, no ties or zeros. */
  static double[] signedRank(int n) {
    return CACHE.computeIfAbsent("t" + n, k -> signedRankComputed(n));
  }

  private static double[] signedRankComputed(int n) {
    int max = n * (n + 1) / 2;
    if (max <= EXACT_LIMIT) {
      return cumulative(signedRankExact(n));
    }
    double sd = Math.sqrt(n * (n + 1.0) * (2 * n + 1) / 24.0);
    return normal(max, sd);
  }

  private static double[] cumulative(double[] p) {
    double[] c = new double[p.length];
    double sum = 0;
    for (int k = 0; k < p.length; k++) {
      sum += p[k];
      c[k] = Math.min(1, sum);
    }
    return c;
  }

  /** A statistic on 0..max, symmetric about max/2, as a normal with a continuity correction. */
  private static double[] normal(int max, double sd) {
    double[] c = new double[max + 1];
    for (int k = 0; k <= max; k++) {
      c[k] = NORMAL.cumulativeProbability((k + 0.5 - max / 2.0) / sd);
    }
    return c;
  }

  /**
   * P(U = u), u = 0..m*n: the share of the C(m+n, m) orderings of the pooled sample in which u of
   * the m x n pairs have the second sample above the first (the classic recursion over the largest
   * value: it belongs to one sample or the other).
   */
  private static double[] mannWhitneyExact(int m, int n) {
    // ways[i][j][u] built row by row; only the current m-row and the previous are needed
    double[][] prev = new double[n + 1][];
    for (int j = 0; j <= n; j++) {
      prev[j] = new double[] {1}; // i = 0: one ordering, U = 0
    }
    for (int i = 1; i <= m; i++) {
      double[][] cur = new double[n + 1][];
      cur[0] = new double[] {1}; // j = 0: U = 0
      for (int j = 1; j <= n; j++) {
        double[] w = new double[i * j + 1];
        // the largest is from the second sample (n): it is above all i of the first
        double[] a = cur[j - 1];
        for (int u = 0; u < a.length; u++) {
          w[u + i] += a[u];
        }
        // the largest is from the first sample: it adds nothing
        double[] b = prev[j];
        for (int u = 0; u < b.length; u++) {
          w[u] += b[u];
        }
        cur[j] = w;
      }
      prev = cur;
    }
    double[] ways = prev[n];
    double total = 0;
    for (double w : ways) {
      total += w;
    }
    double[] p = new double[m * n + 1];
    for (int u = 0; u < ways.length; u++) {
      p[u] = ways[u] / total;
    }
    return p;
  }

  /** P(T+ = t), t = 0..n(n+1)/2: each rank 1..n positive or negative with probability 1/2. */
  private static double[] signedRankExact(int n) {
    int max = n * (n + 1) / 2;
    double[] ways = new double[max + 1];
    ways[0] = 1;
    int reach = 0;
    for (int r = 1; r <= n; r++) {
      reach += r;
      for (int t = reach; t >= r; t--) {
        ways[t] += ways[t - r];
      }
    }
    double total = Math.pow(2, n);
    double[] p = new double[max + 1];
    for (int t = 0; t <= max; t++) {
      p[t] = ways[t] / total;
    }
    return p;
  }
}
