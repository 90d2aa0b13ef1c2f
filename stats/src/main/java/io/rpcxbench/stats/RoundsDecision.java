package io.rpcxbench.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * Which pairs of candidates the rounds so far have decided, for a design that adds rounds only
 * while one is not ({@link Sequential}). Per pair, the per-round values (e.g. SLO capacities) are
 * tested by {@link Shift} at the design's level, paired by round when the rounds are enough, with
 * Holm over the pairs that are claims (an A/A pair is a check and decides nothing). A pair is
 * decided when it differs after Holm, or when its interval lies within +-{@code margin} (the two
 * are equivalent as far as anyone planning with them cares); otherwise it is undecided.
 *
 * <pre>{@code
 * List<String> open = RoundsDecision.undecided(capacities, sameProtocol, 0.021, 0.10);
 * // ["grpc / http-json: 1.31x (0.82-2.40x)"]: another round would help
 * }</pre>
 */
public final class RoundsDecision {
  /** A round's value when nothing met the objective (capacity 0), for the rank test. */
  public static final double NEVER_MET = 0.001;

  /** Within this share either way two candidates count as equivalent. */
  public static final double MARGIN = 0.10;

  private RoundsDecision() {}

  /**
   * Whether the pair of candidates {@code a} and {@code b} is a check of the machine rather than a
   * claim: one protocol measured twice (an A/A pair, {@code rpcx} and {@code rpcx#2}), or any pair
   * with such a copy, whose comparisons with others repeat its original's. Checks stay out of
   * Holm's family and decide nothing; with them in, a four-candidate choose with one copy had five
   * claims, and five rounds could separate none of them after Holm.
   */
  public static boolean isCheck(String a, String b) {
    return a.contains("#") || b.contains("#") || protocol(a).equals(protocol(b));
  }

  private static String protocol(String candidate) {
    int hash = candidate.indexOf('#');
    return hash < 0 ? candidate : candidate.substring(0, hash);
  }

  /** A round's value as the test takes it: 0 (never met) as {@link #NEVER_MET}. */
  public static List<Double> tested(List<? extends Number> rounds) {
    return rounds.stream().map(v -> v.doubleValue() > 0 ? v.doubleValue() : NEVER_MET).toList();
  }

  /**
   * The pairs of {@code rounds} (candidate to its per-round values) not yet decided, in words;
   * {@code check} picks the pairs that are checks (left out).
   */
  public static List<String> undecided(
      Map<String, List<Double>> rounds,
      BiPredicate<String, String> check,
      double alpha,
      double margin) {
    List<String> names = new ArrayList<>(rounds.keySet());
    List<String[]> pairs = new ArrayList<>();
    List<Shift> tests = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      for (int j = i + 1; j < names.size(); j++) {
        if (check.test(names.get(i), names.get(j))) {
          continue;
        }
        pairs.add(new String[] {names.get(i), names.get(j)});
        tests.add(
            Shift.of(
                tested(rounds.get(names.get(j))), tested(rounds.get(names.get(i))), true, alpha));
      }
    }
    List<Double> p = new ArrayList<>();
    for (Shift s : tests) {
      p.add(s.tested() ? s.p() : 1.0);
    }
    List<Double> adjusted = Holm.adjusted(p);
    List<String> open = new ArrayList<>();
    for (int k = 0; k < tests.size(); k++) {
      Shift s = tests.get(k);
      boolean differs = s.tested() && adjusted.get(k) <= alpha;
      boolean equivalent = s.tested() && s.low() >= 1 / (1 + margin) && s.high() <= 1 + margin;
      if (!differs && !equivalent) {
        String[] pair = pairs.get(k);
        open.add(pair[0] + " / " + pair[1] + ": " + state(s, pair, rounds));
      }
    }
    return open;
  }

  /**
   * An undecided pair's state: its ratio and interval; when a side missed the objective in some
   * round, how often each met it instead (a ratio against {@link #NEVER_MET} would read
   * "12338000.00x"); or why there is no test.
   */
  private static String state(Shift s, String[] names, Map<String, List<Double>> rounds) {
    if (!s.tested()) {
      return s.why();
    }
    List<Double> a = rounds.get(names[0]);
    List<Double> b = rounds.get(names[1]);
    if (met(a) < a.size() || met(b) < b.size()) {
      return names[0]
          + " met it in "
          + met(a)
          + " of "
          + a.size()
          + " rounds, "
          + names[1]
          + " in "
          + met(b)
          + " of "
          + b.size()
          + " (not yet separated after Holm)";
    }
    return Num.fixed(s.ratio(), 2)
        + "x ("
        + Num.fixed(s.low(), 2)
        + "-"
        + Num.fixed(s.high(), 2)
        + "x)";
  }

  private static long met(List<Double> values) {
    return values.stream().filter(v -> v > NEVER_MET).count();
  }
}
