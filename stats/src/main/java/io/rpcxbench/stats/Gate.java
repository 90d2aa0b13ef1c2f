package io.rpcxbench.stats;

import java.util.Locale;

/**
 * A margin on a change ({@code delta.p99<10%}) checked against the interval of {@link Shift}, not
 * its point estimate, with three answers (Pinpoint's DIFFERENT / SAME / UNKNOWN, TOST's bounds):
 *
 * <ul>
 *   <li>{@link Answer#PASS}: the whole interval is inside the margin (its worse bound too);
 *   <li>{@link Answer#FAIL}: the whole interval is beyond it (its better bound too), so a change
 *       whose interval holds "no change" can never fail a margin that allows no change;
 *   <li>{@link Answer#INCONCLUSIVE}: the interval straddles the margin, or there was no test; the
 *       line says so and about how many trials would tell.
 * </ul>
 *
 * <pre>{@code
 * Threshold t = Threshold.parse("delta.p99<10%", Threshold.DIFF);
 * Gate g = Gate.check(t, Shift.unpaired(baseP99s, newP99s), "p99 of rpcx/t8-r2000");
 * g.answer();   // INCONCLUSIVE
 * g.line();     // "INCONCLUSIVE delta.p99<10%: p99 of rpcx/t8-r2000 changed +4.1 % [-8.0, +17.3]:
 *               //  cannot tell at 10 % with 6 trials a side here; about 14 would"
 * }</pre>
 *
 * @param threshold the margin
 * @param subject what it applies to, for the line
 * @param shift the change it was checked against
 * @param answer PASS, FAIL or INCONCLUSIVE
 * @param trialsToTell about how many trials a side would decide an inconclusive answer (0 when
 *     decided, -1 when no number of trials can be named)
 */
public record Gate(
    Threshold threshold, String subject, Shift shift, Answer answer, int trialsToTell) {

  /** A gate's three answers. */
  public enum Answer {
    PASS,
    FAIL,
    INCONCLUSIVE
  }

  /**
   * {@code threshold} (a {@link Threshold.Kind#CHANGE}, in percent, with {@code <}, {@code <=},
   * {@code >} or {@code >=}) against {@code shift}'s interval.
   *
   * @throws IllegalArgumentException for a threshold that is not a change, or {@code ==}
   */
  public static Gate check(Threshold threshold, String subject, Shift shift) {
    if (threshold.kind() != Threshold.Kind.CHANGE) {
      throw new IllegalArgumentException(threshold.expression() + " is not a change");
    }
    if (threshold.op().equals("==")) {
      throw new IllegalArgumentException(
          "threshold '" + threshold.expression() + "': a change is gated with < or >, not ==");
    }
    if (!shift.tested()) {
      return new Gate(threshold, subject, shift, Answer.INCONCLUSIVE, Shift.MIN_PER_SIDE);
    }
    double bound = 1 + threshold.limit() / 100;
    boolean below = threshold.op().startsWith("<");
    boolean strict = threshold.op().length() == 1;
    // the bound of the interval on the margin's side decides PASS, the other one FAIL
    double worse = below ? shift.high() : shift.low();
    double better = below ? shift.low() : shift.high();
    Answer a;
    if (inside(worse, bound, below, strict)) {
      a = Answer.PASS;
    } else if (!inside(better, bound, below, strict)) {
      a = Answer.FAIL;
    } else {
      a = Answer.INCONCLUSIVE;
    }
    return new Gate(
        threshold, subject, shift, a, a == Answer.INCONCLUSIVE ? trialsToDecide(shift, bound) : 0);
  }

  private static boolean inside(double ratio, double bound, boolean below, boolean strict) {
    if (below) {
      return strict ? ratio < bound : ratio <= bound;
    }
    return strict ? ratio > bound : ratio >= bound;
  }

  /**
   * The interval narrows as 1/sqrt(n): the trials a side at which its half-width (log scale) would
   * be the distance from the estimate to the margin; -1 when the estimate sits on the margin.
   */
  private static int trialsToDecide(Shift s, double bound) {
    double half = (Math.log(s.high()) - Math.log(s.low())) / 2;
    double distance = Math.abs(Math.log(bound) - Math.log(s.ratio()));
    int n = Math.min(s.baseTrials(), s.newTrials());
    if (distance < 1e-9) {
      return -1;
    }
    double needed = n * (half / distance) * (half / distance);
    return needed > 10_000 ? -1 : (int) Math.ceil(Math.max(n + 1, needed));
  }

  /** Whether the gate let the change through. */
  public boolean passed() {
    return answer == Answer.PASS;
  }

  /**
   * {@code FAIL delta.p99<10%: p99 of rpcx changed +24.0 % [+18.2, +30.1]}, with why an
   * INCONCLUSIVE answer could not decide.
   */
  public String line() {
    String head = answer + " " + threshold.expression() + ": " + subject;
    if (!shift.tested()) {
      return head + ": " + shift.why() + "; cannot tell";
    }
    String changed = head + " changed " + shift.changeText();
    if (answer != Answer.INCONCLUSIVE) {
      return changed;
    }
    int n = Math.min(shift.baseTrials(), shift.newTrials());
    return changed
        + String.format(
            Locale.ROOT,
            ": cannot tell at %s %% with %d trials a side here%s",
            Num.fixed(threshold.limit(), Math.rint(threshold.limit()) == threshold.limit() ? 0 : 1),
            n,
            trialsToTell < 0
                ? " (the change sits on the margin)"
                : "; about " + trialsToTell + " would");
  }
}
