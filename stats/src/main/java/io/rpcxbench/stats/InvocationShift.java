package io.rpcxbench.stats;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * {@link Shift#apart}'s test of two sides each recorded in one invocation of its own: the
 * difference of their mean log values against the trials' pooled variance plus twice the
 * between-invocation variance, with a Welch-Satterthwaite t interval.
 */
final class InvocationShift {
  private InvocationShift() {}

  /** See {@link Shift#apart}. */
  static Shift of(
      double[] base, double[] next, double invocationSpread, int invocationDof, double alpha) {
    if (!(invocationSpread >= 0) || invocationDof < 1) {
      throw new IllegalArgumentException(
          "an invocation spread is 0 or more, measured over 2 invocations or more");
    }
    String why = Shift.refusal(base, next);
    int m = base.length;
    int n = next.length;
    if (!why.isEmpty()) {
      return new Shift(null, null, null, null, 1 - alpha, m, n, false, why, invocationSpread);
    }
    double[] x = logs(base);
    double[] y = logs(next);
    double mx = meanOf(x);
    double my = meanOf(y);
    double pooled = (sumSq(x, mx) + sumSq(y, my)) / (m + n - 2);
    double a = pooled * (1.0 / m + 1.0 / n);
    double b = 2 * invocationSpread * invocationSpread;
    double se = Math.sqrt(a + b);
    double dof =
        b == 0 ? m + n - 2 : (a + b) * (a + b) / (a * a / (m + n - 2) + b * b / invocationDof);
    double d = my - mx;
    if (se == 0) {
      double p0 = d == 0 ? 1 : 0;
      return new Shift(
          Math.exp(d), Math.exp(d), Math.exp(d), p0, 1 - alpha, m, n, false, "", invocationSpread);
    }
    TDistribution t = TDistribution.of(dof);
    double q = t.inverseCumulativeProbability(1 - alpha / 2);
    double p = Math.min(1, 2 * t.survivalProbability(Math.abs(d) / se));
    return new Shift(
        Math.exp(d),
        Math.exp(d - q * se),
        Math.exp(d + q * se),
        p,
        1 - alpha,
        m,
        n,
        false,
        "",
        invocationSpread);
  }

  private static double[] logs(double[] v) {
    double[] l = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      l[i] = Math.log(v[i]);
    }
    return l;
  }

  private static double meanOf(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }

  private static double sumSq(double[] v, double mean) {
    double s = 0;
    for (double x : v) {
      s += (x - mean) * (x - mean);
    }
    return s;
  }
}
