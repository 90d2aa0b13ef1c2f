package io.rpcxbench.stats;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The smallest change {@link Shift}'s test finds with 80 % power at the tool's alpha with {@code n}
 * trials a side, given how much one trial's value varies from the next on this machine ({@code
 * spread}: the standard deviation of log trial values, from an A/A calibration). The test is exact
 * and discrete, and at 4-10 trials a side the textbook normal formula overstates its power (4
 * against 4 reaches 64 %, not 80 %, at the formula's size), so the size is found by simulating the
 * test itself on normal log values (seeded, common draws, so it is the same on every machine);
 * above {@value #SIMULATED} trials the normal formula with Mann-Whitney's efficiency (3 / pi) does.
 *
 * <pre>{@code
 * Detectable d = new Detectable(0.08);   // trials vary by about 8 %
 * d.percent(6);                          // about 16: +-16 % is what 6 trials a side tell here
 * d.trialsFor(10);                       // trials a side to tell a 10 % change
 * }</pre>
 *
 * @param spread the standard deviation of one trial's log value
 */
public record Detectable(double spread) {
  /** The power the smallest detectable difference is stated at. */
  public static final double POWER = 0.8;

  /** Up to this many trials a side the test is simulated; the normal formula above. */
  static final int SIMULATED = 30;

  private static final int DRAWS = 2000;
  private static final double EFFICIENCY = 3 / Math.PI;
  private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);
  private static final Map<Integer, Double> STANDARDIZED = new ConcurrentHashMap<>();

  public Detectable {
    if (!(spread >= 0) || Double.isInfinite(spread)) {
      throw new IllegalArgumentException("a spread is a number at or above 0");
    }
  }

  /** The spread of some trial values (all above 0): the standard deviation of their logs. */
  public static Detectable of(double[] trialValues) {
    if (trialValues.length < 2) {
      throw new IllegalArgumentException("a spread needs two trials at least");
    }
    double mean = 0;
    for (double v : trialValues) {
      mean += Math.log(v);
    }
    mean /= trialValues.length;
    double ss = 0;
    for (double v : trialValues) {
      ss += (Math.log(v) - mean) * (Math.log(v) - mean);
    }
    return new Detectable(Math.sqrt(ss / (trialValues.length - 1)));
  }

  /**
   * The pooled spread of several groups of trial values (each group one candidate or side: its own
   * level, a common spread), from the groups with two values or more, all above 0; empty when no
   * group has.
   */
  public static java.util.Optional<Detectable> pooled(List<List<Double>> groups) {
    double ss = 0;
    int dof = 0;
    for (List<Double> g : groups) {
      if (g.size() < 2 || g.stream().anyMatch(x -> !(x > 0))) {
        continue;
      }
      double sd = of(g.stream().mapToDouble(Double::doubleValue).toArray()).spread();
      ss += sd * sd * (g.size() - 1);
      dof += g.size() - 1;
    }
    return dof == 0
        ? java.util.Optional.empty()
        : java.util.Optional.of(new Detectable(Math.sqrt(ss / dof)));
  }

  /** The smallest detectable change with {@code n} trials a side, in percent (a ratio - 1). */
  public double percent(int n) {
    if (n < Shift.MIN_PER_SIDE) {
      return Double.POSITIVE_INFINITY;
    }
    return (Math.exp(spread * standardized(n)) - 1) * 100;
  }

  /**
   * Trials a side that detect a change of {@code percent} %, at least {@link Shift#MIN_PER_SIDE};
   * {@link Integer#MAX_VALUE} for no change.
   */
  public int trialsFor(double percent) {
    double effect = Math.log(1 + Math.abs(percent) / 100);
    if (effect <= 0) {
      return Integer.MAX_VALUE;
    }
    if (spread == 0) {
      return Shift.MIN_PER_SIDE;
    }
    if (spread * standardized(SIMULATED) <= effect) {
      // the detectable shift falls as n grows: a bisection simulates 5 sizes, not up to 27
      int lo = Shift.MIN_PER_SIDE - 1; // does not detect it (or is below the test's least)
      int hi = SIMULATED; // detects it
      while (hi - lo > 1) {
        int mid = (lo + hi) >>> 1;
        if (mid >= Shift.MIN_PER_SIDE && spread * standardized(mid) <= effect) {
          hi = mid;
        } else {
          lo = mid;
        }
      }
      return hi;
    }
    double n = 2 * Math.pow(zSum() * spread / effect, 2) / EFFICIENCY;
    return (int) Math.max(SIMULATED + 1, Math.ceil(n));
  }

  /**
   * The smallest change in percent {@link Shift#apart} finds with 80 % power with {@code n} trials
   * a side when each side is its own invocation: the trials' spread and twice the
   * between-invocation variance ({@code invocationSpread}, measured with {@code invocationDof}
   * degrees of freedom), at the t quantiles of the Welch-Satterthwaite degrees of freedom. No
   * number of trials takes it below what the invocations alone put there.
   */
  public double percentApart(int n, double invocationSpread, int invocationDof) {
    if (n < Shift.MIN_PER_SIDE) {
      return Double.POSITIVE_INFINITY;
    }
    double a = spread * spread * 2.0 / n;
    double b = 2 * invocationSpread * invocationSpread;
    double dof =
        b == 0 ? 2 * n - 2 : (a + b) * (a + b) / (a * a / (2 * n - 2) + b * b / invocationDof);
    org.apache.commons.statistics.distribution.TDistribution t =
        org.apache.commons.statistics.distribution.TDistribution.of(dof);
    double k =
        t.inverseCumulativeProbability(1 - Shift.ALPHA / 2) + t.inverseCumulativeProbability(POWER);
    return (Math.exp(k * Math.sqrt(a + b)) - 1) * 100;
  }

  /** {@code detectable here with 6 trials: +-14.2 %}. */
  public String text(int n) {
    double p = percent(n);
    return "detectable here with "
        + n
        + " trials: "
        + (Double.isInfinite(p) ? "nothing (too few to test)" : "+-" + Num.fixed(p, 1) + " %");
  }

  /** The detectable shift of log values with {@code n} a side, in units of the spread. */
  static double standardized(int n) {
    if (n > SIMULATED) {
      return zSum() * Math.sqrt(2 / (n * EFFICIENCY));
    }
    return STANDARDIZED.computeIfAbsent(n, Detectable::simulated);
  }

  private static double zSum() {
    return NORMAL.inverseCumulativeProbability(1 - Shift.ALPHA / 2)
        + NORMAL.inverseCumulativeProbability(POWER);
  }

  /**
   * Bisection on the effect with the same draws at every effect: moving NEW's values up can only
   * raise U, so the share found rises with the effect and the bisection is exact for these draws.
   */
  private static double simulated(int n) {
    Random r = new Random(Estimate.SEED + n);
    double[][] base = new double[DRAWS][n];
    double[][] next = new double[DRAWS][n];
    for (int d = 0; d < DRAWS; d++) {
      for (int i = 0; i < n; i++) {
        base[d][i] = r.nextGaussian();
        next[d][i] = r.nextGaussian();
      }
    }
    double lo = 0;
    double hi = 10;
    for (int step = 0; step < 30; step++) {
      double mid = (lo + hi) / 2;
      if (power(base, next, mid) >= POWER) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return hi;
  }

  private static double power(double[][] base, double[][] next, double effect) {
    int found = 0;
    double[] b = new double[base[0].length];
    double[] x = new double[base[0].length];
    for (int d = 0; d < base.length; d++) {
      for (int i = 0; i < b.length; i++) {
        b[i] = Math.exp(base[d][i]);
        x[i] = Math.exp(next[d][i] + effect);
      }
      Shift s = Shift.unpaired(b, x);
      if (s.significant() && s.ratio() > 1) {
        found++;
      }
    }
    return found / (double) base.length;
  }
}
