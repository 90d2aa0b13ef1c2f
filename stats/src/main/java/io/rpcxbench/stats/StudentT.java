package io.rpcxbench.stats;

/**
 * The two-sided 95 % quantile of Student's t distribution, for confidence intervals of a mean over
 * a few runs: {@code mean ± t(n - 1) × s / sqrt(n)}. Exact to 4 decimals (a table up to 30 degrees
 * of freedom, the Cornish-Fisher expansion beyond).
 */
public final class StudentT {
  private static final double[] T975 = {
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281, 2.2010,
    2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739,
    2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423
  };
  private static final double Z975 = 1.959964;

  private StudentT() {}

  /** t such that P(-t < T < t) = 0.95 for {@code dof} degrees of freedom (at least 1). */
  public static double quantile975(int dof) {
    if (dof < 1) {
      throw new IllegalArgumentException("degrees of freedom must be at least 1, got " + dof);
    }
    if (dof <= T975.length) {
      return T975[dof - 1];
    }
    double z = Z975;
    double v = dof;
    return z
        + (z * z * z + z) / (4 * v)
        + (5 * Math.pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * v * v)
        + (3 * Math.pow(z, 7) + 19 * Math.pow(z, 5) + 17 * z * z * z - 15 * z) / (384 * v * v * v);
  }

  /**
   * Half the width of the 95 % interval of a mean of {@code n} values with sample stdev {@code s}.
   */
  public static Double halfWidth95(int n, Double s) {
    return n < 2 || s == null ? null : quantile975(n - 1) * s / Math.sqrt(n);
  }
}
