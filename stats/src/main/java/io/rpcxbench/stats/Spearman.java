package io.rpcxbench.stats;

import org.apache.commons.statistics.ranking.NaturalRanking;

/**
 * Spearman's rank correlation: the Pearson correlation of the two samples' ranks (ties share their
 * mean rank, commons-statistics' {@link NaturalRanking}). +1 when y rises with x at every step, -1
 * when it falls at every step.
 *
 * <pre>{@code
 * Double rho = Spearman.rho(new double[] {10, 110, 210}, new double[] {5, 9, 30}); // 1.0
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
