package io.rpcxbench.report.reproduction;

import io.rpcxbench.stats.Spearman;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Spearman's test for the few points a series of the reproduction has: the exact two-sided p-value
 * (every ordering of n ranks equally likely) up to {@value #EXACT_UP_TO} points, the stats module's
 * t approximation above. The t approximation gives p = 0 for a perfect order at any n, so 3 points
 * rising in order would "rise significantly"; exactly, the best 3 points can do is p = 2/3! = 0.33
 * and 4 points 2/4! = 0.083, so a series of 4 points or fewer cannot show a trend at 5 % whatever
 * its order: it is untestable, not a trend.
 *
 * <pre>{@code
 * ExactSpearman.pTwoSided(1.0, 4);        // 0.0833
 * ExactSpearman.testable(4, 0.05);        // false: 2/24 >= 0.05
 * }</pre>
 */
final class ExactSpearman {
  /** Up to this many points the p-value is exact (9! = 362,880 orderings, counted once). */
  static final int EXACT_UP_TO = 9;

  /** Per n, how many orderings have each sum of squared rank differences. */
  private static final ConcurrentHashMap<Integer, long[]> COUNTS = new ConcurrentHashMap<>();

  private ExactSpearman() {}

  /** Two-sided p-value of {@code rho} over {@code n} untied pairs. */
  static double pTwoSided(double rho, int n) {
    if (n > EXACT_UP_TO) {
      return Spearman.pTwoSided(rho, n);
    }
    if (n < 3) {
      throw new IllegalArgumentException("a rank test needs at least 3 pairs, got " + n);
    }
    long[] counts = COUNTS.computeIfAbsent(n, ExactSpearman::countOrderings);
    double scale = n * ((double) n * n - 1) / 6;
    double observed = Math.abs(rho) - 1e-9;
    long atLeast = 0;
    long all = 0;
    for (int d2 = 0; d2 < counts.length; d2++) {
      all += counts[d2];
      if (Math.abs(1 - d2 / scale) >= observed) {
        atLeast += counts[d2];
      }
    }
    return Math.min(1, (double) atLeast / all);
  }

  /** The smallest two-sided p-value {@code n} points can reach: 2/n! (both perfect orders). */
  static double smallestP(int n) {
    return pTwoSided(1.0, n);
  }

  /** Whether {@code n} points can show a trend at {@code alpha} at all. */
  static boolean testable(int n, double alpha) {
    return n >= 3 && smallestP(n) < alpha;
  }

  private static long[] countOrderings(int n) {
    long[] counts = new long[n * (n * n - 1) / 3 + 1];
    int[] ranks = new int[n];
    for (int i = 0; i < n; i++) {
      ranks[i] = i;
    }
    permute(ranks, 0, counts);
    return counts;
  }

  private static void permute(int[] a, int k, long[] counts) {
    if (k == a.length) {
      int d2 = 0;
      for (int i = 0; i < a.length; i++) {
        d2 += (a[i] - i) * (a[i] - i);
      }
      counts[d2]++;
      return;
    }
    for (int i = k; i < a.length; i++) {
      swap(a, k, i);
      permute(a, k + 1, counts);
      swap(a, k, i);
    }
  }

  private static void swap(int[] a, int i, int j) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
