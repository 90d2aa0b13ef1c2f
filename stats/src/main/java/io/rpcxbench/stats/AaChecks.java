package io.rpcxbench.stats;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The A/A verdicts one calibration makes for one metric, in the two designs a user's comparison
 * has: inside each invocation, its trials labelled A or B by a seeded coin per round (two trials a
 * round) and tested as {@link Shift#of} does ({@link AaLedger.Design#INTERLEAVED}); and across
 * invocations, disjoint pairs of them (1 with 2, 3 with 4, ...) tested as two folders recorded
 * apart, with the between-invocation spread allowed for by {@link Shift#apart} ({@link
 * AaLedger.Design#APART}). Each verdict is one {@link AaLedger.Entry}: counted over many
 * invocations, they are the false-positive rate the tool states.
 *
 * <pre>{@code
 * List<AaLedger.Entry> e = AaChecks.of("p50", invocations, ids, now, "calibrate", 24, 0.03, 3);
 * }</pre>
 */
public final class AaChecks {
  private AaChecks() {}

  /**
   * The verdicts of {@code metric}.
   *
   * @param invocations per invocation, its trials' values in round order (trials 2r-1 and 2r are
   *     round r)
   * @param ids each invocation's name, in the same order
   * @param seed the labels' draw
   * @param invocationSpread the between-invocation spread the apart verdicts allow for (NaN: no
   *     apart verdict)
   * @param invocationDof the degrees of freedom it was measured with
   */
  public static List<AaLedger.Entry> of(
      String metric,
      List<List<Double>> invocations,
      List<String> ids,
      Instant at,
      String source,
      long seed,
      double invocationSpread,
      int invocationDof) {
    if (invocations.size() != ids.size()) {
      throw new IllegalArgumentException("an id for each invocation");
    }
    List<AaLedger.Entry> out = new ArrayList<>();
    Random coin = new Random(seed);
    for (int k = 0; k < invocations.size(); k++) {
      Shift s = interleaved(invocations.get(k), coin);
      if (s.tested()) {
        out.add(
            new AaLedger.Entry(
                at, ids.get(k), source, AaLedger.Design.INTERLEAVED, metric, s.significant()));
      }
    }
    if (!Double.isNaN(invocationSpread) && invocationDof >= 1) {
      for (int k = 0; k + 1 < invocations.size(); k += 2) {
        Shift s =
            Shift.apart(
                array(invocations.get(k)),
                array(invocations.get(k + 1)),
                invocationSpread,
                invocationDof,
                Shift.ALPHA);
        if (s.tested()) {
          out.add(
              new AaLedger.Entry(
                  at,
                  ids.get(k) + "+" + ids.get(k + 1),
                  source,
                  AaLedger.Design.APART,
                  metric,
                  s.significant()));
        }
      }
    }
    return out;
  }

  /** One invocation's trials as A and B, a coin per round of two. */
  static Shift interleaved(List<Double> trials, Random coin) {
    List<Double> a = new ArrayList<>();
    List<Double> b = new ArrayList<>();
    for (int r = 0; r + 1 < trials.size(); r += 2) {
      boolean aFirst = coin.nextBoolean();
      (aFirst ? a : b).add(trials.get(r));
      (aFirst ? b : a).add(trials.get(r + 1));
    }
    return Shift.of(a, b, false);
  }

  private static double[] array(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
