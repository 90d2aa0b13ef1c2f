package io.rpcxbench.stats;

import java.util.Arrays;
import java.util.List;

/**
 * The one estimator behind every "B differs from A" of the tool: NEW's trials against BASE's, on
 * the log scale, so a change is a ratio. The figure is the Hodges-Lehmann shift (the median of
 * every difference NEW - BASE of log values; paired by round: the median of the Walsh averages of
 * the rounds' differences), the interval is the rank test inverted at the same level (Mann-Whitney;
 * paired: Wilcoxon's signed rank), and p is the smallest level at which that interval leaves out no
 * change. So "significant" and "the interval leaves out 1" are one fact and cannot disagree.
 *
 * <p>The unit is the trial (fresh server and client JVMs), never a run inside one: runs of one JVM
 * share its JIT decisions and memory placement, and tests over them call the next invocation's
 * noise a change. Below {@value #MIN_PER_SIDE} trials a side no verdict is given (the smallest p 3
 * against 3 can reach is 0.1), never a tie.
 *
 * <pre>{@code
 * Shift s = Shift.unpaired(new double[] {980, 1010, 1000, 995}, new double[] {1090, 1120, 1105, 1111});
 * s.ratio();        // 1.11 (NEW 11 % above BASE)
 * s.low(); s.high() // its 95 % interval, e.g. 1.08 - 1.14
 * s.significant();  // true: the interval leaves out 1, p = 0.029
 * }</pre>
 *
 * @param ratio NEW / BASE, exp of the shift (null without a test)
 * @param low the interval's lower bound as a ratio (null without a test)
 * @param high the interval's upper bound as a ratio (null without a test)
 * @param p the smallest two-sided level at which the interval leaves out 1 (null without a test)
 * @param level the interval's confidence, 0.95 unless asked otherwise
 * @param baseTrials trials on BASE's side
 * @param newTrials trials on NEW's side
 * @param paired whether the trials were paired by round
 * @param why why there is no test (empty when there is one)
 * @param invocationSpread for two sides recorded in separate invocations ({@link #apart}): the
 *     between-invocation spread the interval allows for; null for trials of one invocation
 */
public record Shift(
    Double ratio,
    Double low,
    Double high,
    Double p,
    double level,
    int baseTrials,
    int newTrials,
    boolean paired,
    String why,
    Double invocationSpread) {

  /** The fewest trials a side a verdict is given on. */
  public static final int MIN_PER_SIDE = 4;

  /**
   * The fewest pairs {@link #paired} tests: below, the signed rank's smallest two-sided p (2 / 2^n)
   * is above {@link #ALPHA} (0.0625 at 5 pairs), so no interval at 95 % can leave out no change.
   */
  public static final int MIN_PAIRS = 6;

  /**
   * The fewest complete rounds a paired test is made on. The signed rank's smallest p is 2 / 2^n:
   * at 6 rounds 0.031 against the unpaired 6 + 6's 0.0022, which Holm over a few pairs cannot
   * afford; from 10 rounds (0.002) pairing's gain against drift between rounds is worth it.
   */
  public static final int MIN_PAIRED = 10;

  /**
   * The smallest two-sided p the test can reach with {@code m} and {@code n} trials (unpaired, no
   * ties): 2 / C(m+n, m). Holm over k pairs can call nothing significant when k times this is above
   * {@link #ALPHA}.
   */
  public static double smallestP(int m, int n) {
    double c = 1;
    for (int i = 0; i < Math.min(m, n); i++) {
      c = c * (m + n - i) / (i + 1);
    }
    return Math.min(1, 2 / c);
  }

  /** The one significance level of the tool. */
  public static final double ALPHA = 0.05;

  /** Whether there was a test (trials enough on both sides). */
  public boolean tested() {
    return p != null;
  }

  /** The level this test was made at: {@link #ALPHA} unless a design asked for less. */
  public double alpha() {
    return Math.round((1 - level) * 1e9) / 1e9;
  }

  /** Whether p is at most {@link #alpha}: by construction, whether the interval leaves out 1. */
  public boolean significant() {
    return tested() && p <= alpha();
  }

  /** The estimator in words, for a table's header. */
  public String method() {
    if (invocationSpread != null) {
      return "mean of log values with the calibrated between-invocation variance (spread "
          + Num.fixed(100 * invocationSpread, 1)
          + " %), Welch-Satterthwaite t interval";
    }
    return paired
        ? "Hodges-Lehmann shift of log values paired by round, Wilcoxon signed-rank interval"
        : "Hodges-Lehmann shift of log values, Mann-Whitney interval";
  }

  /**
   * NEW's trials against BASE's, paired by round when {@code pairedByRound} and there are at least
   * {@link #MIN_PAIRED} rounds (index i of both arrays is round i), else as independent samples.
   */
  public static Shift of(double[] base, double[] next, boolean pairedByRound) {
    return of(base, next, pairedByRound, ALPHA);
  }

  /**
   * As {@link #of(double[], double[], boolean)} at level {@code alpha} (a {@link Sequential}
   * design's, below {@link #ALPHA}): the interval's confidence is 1 - alpha.
   */
  public static Shift of(double[] base, double[] next, boolean pairedByRound, double alpha) {
    return pairedByRound && base.length == next.length && base.length >= MIN_PAIRED
        ? paired(base, next, alpha)
        : unpaired(base, next, alpha);
  }

  /** As {@link #of} from lists. */
  public static Shift of(List<Double> base, List<Double> next, boolean pairedByRound) {
    return of(array(base), array(next), pairedByRound);
  }

  /** As {@link #of(double[], double[], boolean, double)} from lists. */
  public static Shift of(
      List<Double> base, List<Double> next, boolean pairedByRound, double alpha) {
    return of(array(base), array(next), pairedByRound, alpha);
  }

  /** Two independent samples of trial values (all above 0). */
  public static Shift unpaired(double[] base, double[] next) {
    return unpaired(base, next, ALPHA);
  }

  /** As {@link #unpaired(double[], double[])} at level {@code alpha}. */
  public static Shift unpaired(double[] base, double[] next, double alpha) {
    String why = refusal(base, next);
    if (!why.isEmpty()) {
      return none(base.length, next.length, false, why, alpha);
    }
    int m = base.length;
    int n = next.length;
    double[] d = new double[m * n];
    int k = 0;
    for (double b : base) {
      for (double x : next) {
        d[k++] = Math.log(x) - Math.log(b);
      }
    }
    Arrays.sort(d);
    return inverted(d, RankNull.mannWhitney(m, n), m, n, false, alpha);
  }

  /**
   * Trials paired by round: {@code base[i]} and {@code next[i]} ran in round i ({@link #MIN_PAIRS}
   * rounds at least; {@link #of} pairs only from {@link #MIN_PAIRED}).
   */
  public static Shift paired(double[] base, double[] next) {
    return paired(base, next, ALPHA);
  }

  /** As {@link #paired(double[], double[])} at level {@code alpha}. */
  public static Shift paired(double[] base, double[] next, double alpha) {
    if (base.length != next.length) {
      throw new IllegalArgumentException("paired trials need as many on each side");
    }
    String why = refusal(base, next);
    int n = base.length;
    if (why.isEmpty() && n < MIN_PAIRS) {
      why = "n too small to test paired (" + n + " rounds; need " + MIN_PAIRS + ")";
    }
    if (!why.isEmpty()) {
      return none(n, n, true, why, alpha);
    }
    double[] diff = new double[n];
    for (int i = 0; i < n; i++) {
      diff[i] = Math.log(next[i]) - Math.log(base[i]);
    }
    double[] walsh = new double[n * (n + 1) / 2];
    int k = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i; j < n; j++) {
        walsh[k++] = (diff[i] + diff[j]) / 2;
      }
    }
    Arrays.sort(walsh);
    return inverted(walsh, RankNull.signedRank(n), n, n, true, alpha);
  }

  /**
   * NEW's trials against BASE's when each side is one invocation of its own (two folders recorded
   * apart): a trial of one invocation shares that invocation's offset (its JIT luck, the machine's
   * state that hour), so the sides differ by two such offsets even when nothing changed, and a test
   * over the trials alone calls that a change. Here the difference of the sides' mean log values is
   * tested against the trials' pooled variance (1/m + 1/n) plus twice the between-invocation
   * variance {@code invocationSpread}^2 measured by {@code calibrate} over {@code invocationDof} +
   * 1 invocations; the degrees of freedom are Welch-Satterthwaite's, so a spread measured over few
   * invocations widens the interval as it should. The interval and p come from the same t, so
   * significance and "the interval leaves out 1" are one fact.
   *
   * @param invocationSpread the standard deviation of an invocation's log offset (0 or more)
   * @param invocationDof the degrees of freedom it was measured with (invocations - 1, at least 1)
   */
  public static Shift apart(
      double[] base, double[] next, double invocationSpread, int invocationDof, double alpha) {
    return InvocationShift.of(base, next, invocationSpread, invocationDof, alpha);
  }

  /** No test, for a reason of the caller's (e.g. too few calls for a percentile). */
  public static Shift untested(int baseTrials, int newTrials, String why) {
    return none(baseTrials, newTrials, false, why, ALPHA);
  }

  /** The answer when no test can be made. */
  private static Shift none(int m, int n, boolean paired, String why, double alpha) {
    return new Shift(null, null, null, null, 1 - alpha, m, n, paired, why, null);
  }

  /** Why no test can be made of these trials (empty when one can). */
  static String refusal(double[] base, double[] next) {
    for (double[] side : new double[][] {base, next}) {
      for (double v : side) {
        if (!(v > 0) || Double.isInfinite(v)) {
          return "a trial's value is not above 0";
        }
      }
    }
    if (base.length < MIN_PER_SIDE || next.length < MIN_PER_SIDE) {
      return "n too small to test ("
          + base.length
          + " and "
          + next.length
          + " trials; need "
          + MIN_PER_SIDE
          + " a side)";
    }
    return "";
  }

  /**
   * The sorted {@code d} (pairwise differences or Walsh averages) inverted: the interval at depth k
   * is [d(k), d(N+1-k)] with confidence 1 - 2 P(S <= k-1) ({@code atMost[k-1]}); the reported one
   * is the deepest with confidence at least 95 %, and p is 2 P(S <= k*-1) for the shallowest k*
   * whose interval leaves out 0 (1 when none does); because the intervals are nested, p <= alpha
   * exactly when the reported interval leaves out 0.
   */
  private static Shift inverted(
      double[] d, double[] atMost, int m, int n, boolean paired, double alpha) {
    int total = d.length;
    double shift = median(d);
    int half = (total + 1) / 2;
    int depth = 1;
    for (int k = 1; k <= half; k++) {
      if (2 * atMost[k - 1] <= alpha) {
        depth = k;
      } else {
        break;
      }
    }
    double low = d[depth - 1];
    double high = d[total - depth];
    double p = 1;
    for (int k = 1; k <= half; k++) {
      // the widest interval that leaves out 0 gives the smallest level (intervals are nested)
      if (d[k - 1] > 0 || d[total - k] < 0) {
        p = Math.min(1, 2 * atMost[k - 1]);
        break;
      }
    }
    if (2 * atMost[0] > alpha) {
      // too few for any interval at this level (at ALPHA it cannot happen at MIN_PER_SIDE)
      return none(
          m,
          n,
          paired,
          "n too small to test at alpha "
              + Num.fixed(alpha, 4)
              + " (the smallest p "
              + m
              + " against "
              + n
              + " can reach is "
              + Num.fixed(2 * atMost[0], 4)
              + ")",
          alpha);
    }
    return new Shift(
        Math.exp(shift), Math.exp(low), Math.exp(high), p, 1 - alpha, m, n, paired, "", null);
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /**
   * The median of some trials' values (the center a change in the metric's unit is taken from);
   * null without values.
   */
  public static Double median(List<Double> values) {
    return values.isEmpty()
        ? null
        : median(values.stream().mapToDouble(Double::doubleValue).sorted().toArray());
  }

  private static double[] array(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** {@code +10.4 % [+8.1, +12.9]}, or why there is no test. */
  public String changeText() {
    if (!tested()) {
      return why;
    }
    return signed(ratio) + " % [" + signed(low) + ", " + signed(high) + "]";
  }

  /**
   * The change in the metric's own unit, from BASE's {@code center} (its trials' median): {@code
   * +41.2 µs [+30.0, +52.1]} for a center in µs and {@code unit} "µs".
   */
  public String absoluteText(double center, String unit, int decimals) {
    if (!tested()) {
      return "";
    }
    return sign(center * (ratio - 1), decimals)
        + " "
        + unit
        + " ["
        + sign(center * (low - 1), decimals)
        + ", "
        + sign(center * (high - 1), decimals)
        + "]";
  }

  /** {@code p = 0.029}, {@code p < 0.001}; "" without a test. */
  public String pText() {
    if (!tested()) {
      return "";
    }
    return p < 0.001 ? "p < 0.001" : "p = " + Num.fixed(p, 3);
  }

  private static String signed(double ratio) {
    return sign((ratio - 1) * 100, 1);
  }

  private static String sign(double v, int decimals) {
    String s = Num.fixed(v, decimals);
    return s.startsWith("-") || s.matches("0\\.?0*") ? s : "+" + s;
  }
}
