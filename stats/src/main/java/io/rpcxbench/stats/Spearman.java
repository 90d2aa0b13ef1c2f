package io.rpcxbench.stats;

import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.ranking.NaturalRanking;

/**
 * Spearman's rank correlation: the Pearson correlation of the two samples' ranks (ties share their
 * mean rank, commons-statistics' {@link NaturalRanking}). +1 when y rises with x at every step, -1
 * when it falls at every step. {@link #pTwoSided} tests rho against 0 with the usual t
 * approximation, t = rho sqrt((n - 2) / (1 - rho^2)) on n - 2 degrees of freedom
 * (commons-statistics' {@link TDistribution}); at n = 11 the 5 % line is |rho| of about 0.60, near
 * the exact 0.618.
 *
 * <pre>{@code
 * Double rho = Spearman.rho(new double[] {10, 110, 210}, new double[] {5, 9, 30}); // 1.0
 * double p = Spearman.pTwoSided(0.41, 11); // 0.21: no trend at 5 %
 * }</pre>
 */
public final class Spearman {
  private static final NaturalRanking RANKING = new NaturalRanking();

  private Spearman() {}

  /** Rho of {@code y} against {@code x}; null with fewer than 3 pairs or a constant sample. */
  public static Double rho(double[] x, double[] y) {
    if (x.length != y.length) {
      throw new IllegalArgumentException("x and y differ in length: " + x.length + ", " + y.length);
    }
    if (x.length < 3) {
      return null;
    }
    return pearson(RANKING.apply(x), RANKING.apply(y));
  }

  /**
   * Two-sided p-value of rho over {@code n} pairs against "no monotone relation"; 0 for |rho| = 1.
   */
  public static double pTwoSided(double rho, int n) {
    if (n < 3) {
      throw new IllegalArgumentException("a rank test needs at least 3 pairs, got " + n);
    }
    double r = Math.abs(rho);
    if (r >= 1) {
      return 0;
    }
    double t = r * Math.sqrt((n - 2) / (1 - r * r));
    return Math.min(1, 2 * TDistribution.of(n - 2).survivalProbability(t));
  }

  private static Double pearson(double[] a, double[] b) {
    double ma = mean(a);
    double mb = mean(b);
    double sab = 0;
    double saa = 0;
    double sbb = 0;
    for (int i = 0; i < a.length; i++) {
      sab += (a[i] - ma) * (b[i] - mb);
      saa += (a[i] - ma) * (a[i] - ma);
      sbb += (b[i] - mb) * (b[i] - mb);
    }
    return saa == 0 || sbb == 0 ? null : sab / Math.sqrt(saa * sbb);
  }

  private static double mean(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }
}
