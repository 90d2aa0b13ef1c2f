package io.rpcxbench.verdict.significance;

import io.rpcxbench.stats.Holm;
import io.rpcxbench.stats.Shift;
import java.util.ArrayList;
import java.util.List;

/**
 * The report's one test before "A differs from B" ({@code report diff}, {@code report choose},
 * {@code report profiles}): {@link #trials}, the tool's one estimator ({@link Shift}: the
 * Hodges-Lehmann ratio over trials with its rank-test interval and the p that interval defines) as
 * the page's {@link PairTest}; {@link #holm}, Holm-Bonferroni over the pairs of one table.
 *
 * <pre>{@code
 * PairTest t = Significance.trials("grpc", List.of(980.0, 1010.0, 1000.0, 990.0), "rpcx",
 *     List.of(3050.0, 3120.0, 3090.0, 3070.0), false);
 * t.significant();   // true; t.ratioText() "3.09x (3.02-3.16x)"
 * List<PairTest> table = Significance.holm(List.of(t, u, v));
 * }</pre>
 */
public final class Significance {

  private Significance() {}

  /**
   * The tool's one test of B against A over trials ({@link Shift}: the Hodges-Lehmann ratio on log
   * values, its rank-test interval and the p that interval defines, so the verdict and the interval
   * agree by construction), paired by round when {@code pairedByRound} and the rounds are enough.
   * The difference B - A in the metric's unit is A's median times the ratio - 1, bounds alike.
   * Below {@link Shift#MIN_PER_SIDE} trials a side: no test, the note says so.
   */
  public static PairTest trials(
      String a, List<Double> aValues, String b, List<Double> bValues, boolean pairedByRound) {
    return trials(a, aValues, b, bValues, pairedByRound, Shift.ALPHA);
  }

  /**
   * As {@link #trials(String, List, String, List, boolean)} at level {@code alpha} (a design that
   * looked more than once, {@link io.rpcxbench.stats.Sequential}): interval and verdict alike.
   */
  public static PairTest trials(
      String a,
      List<Double> aValues,
      String b,
      List<Double> bValues,
      boolean pairedByRound,
      double alpha) {
    return of(a, aValues, b, bValues, Shift.of(aValues, bValues, pairedByRound, alpha));
  }

  /**
   * A test already made ({@link Shift}, any of its designs: unpaired, paired by round, or two
   * invocations recorded apart) as the page's {@link PairTest}, the difference in the metric's unit
   * from A's median.
   */
  public static PairTest of(
      String a, List<Double> aValues, String b, List<Double> bValues, Shift s) {
    double alpha = s.alpha();
    Double center = Shift.median(aValues);
    Double other = Shift.median(bValues);
    if (!s.tested()) {
      Double ratio = center == null || other == null || center == 0 ? null : other / center;
      Double diff = center == null || other == null ? null : other - center;
      return new PairTest(
          a, b, ratio, null, null, diff, null, null, null, null, false, s.why(), s.why());
    }
    return new PairTest(
        a,
        b,
        s.ratio(),
        s.low(),
        s.high(),
        center * (s.ratio() - 1),
        center * (s.low() - 1),
        center * (s.high() - 1),
        s.p(),
        s.p(),
        s.significant(),
        s.method() + " over trials, alpha " + trimmed(alpha, 4),
        "");
  }

  /**
   * The pairs of one table with Holm-Bonferroni's adjusted p (over the pairs that were tested); a
   * pair stays significant only when its adjusted p is below {@link Shift#ALPHA} too.
   */
  public static List<PairTest> holm(List<PairTest> family) {
    return holm(family, t -> false);
  }

  /**
   * As {@link #holm(List)}, the pairs {@code check} picks left out of the family: an A/A pair is a
   * check of the machine, not a claim, and its own test stands unadjusted.
   */
  public static List<PairTest> holm(
      List<PairTest> family, java.util.function.Predicate<PairTest> check) {
    return holm(family, check, Shift.ALPHA);
  }

  /** As {@link #holm(List, java.util.function.Predicate)} at level {@code alpha}. */
  public static List<PairTest> holm(
      List<PairTest> family, java.util.function.Predicate<PairTest> check, double alpha) {
    List<Integer> tested = new ArrayList<>();
    for (int i = 0; i < family.size(); i++) {
      if (family.get(i).tested() && !check.test(family.get(i))) {
        tested.add(i);
      }
    }
    int m = tested.size();
    List<Double> adjusted = Holm.adjusted(tested.stream().map(i -> family.get(i).p()).toList());
    List<PairTest> out = new ArrayList<>(family);
    for (int k = 0; k < m; k++) {
      PairTest t = family.get(tested.get(k));
      String test = m > 1 ? t.test() + ", Holm-Bonferroni over " + m + " pairs" : t.test();
      boolean holds = adjusted.get(k) <= alpha;
      String note =
          t.significant() && !holds
              ? "not significant after Holm over "
                  + m
                  + " (the "
                  + trimmed(100 * (1 - alpha), 1)
                  + " % interval alone leaves out 1)"
              : t.note();
      out.set(tested.get(k), t.adjusted(adjusted.get(k), t.significant() && holds, test, note));
    }
    return out;
  }

  /** {@code 0.05}, {@code 0.0262}, {@code 95}, {@code 97.4}: at most {@code decimals}, no zeros. */
  static String trimmed(double v, int decimals) {
    String t = io.rpcxbench.stats.Num.fixed(v, decimals);
    return t.contains(".") ? t.replaceAll("0+$", "").replaceAll("\\.$", "") : t;
  }
}
