package io.rpcxbench.stats;

import org.apache.commons.statistics.distribution.BetaDistribution;

/**
 * How often the tool's verdicts called two identical things different on this machine, counted:
 * {@code significant} of {@code verdicts} A/A verdicts, each from its own invocations, with the
 * exact (Clopper-Pearson) binomial interval. A figure that can come out otherwise: when invocations
 * drift and the test does not allow for it, the count rises and the interval leaves out the stated
 * 5 %.
 *
 * <pre>{@code
 * FalsePositives f = new FalsePositives(3, 40, 10);
 * f.rate();        // 0.075
 * f.low(); f.high()  // 0.016 - 0.204
 * f.text();        // "3 of 40 A/A verdicts (7.5 %, 95 % interval 1.6-20.4 %) over 10 invocations"
 * f.aboveStated(); // false: the interval holds 5 %
 * }</pre>
 *
 * @param significant A/A verdicts that came out different
 * @param verdicts A/A verdicts in all
 * @param invocations the independent invocations they came from
 */
public record FalsePositives(int significant, int verdicts, int invocations) {
  public FalsePositives {
    if (significant < 0 || verdicts < significant || invocations < 0) {
      throw new IllegalArgumentException(
          "false positives: " + significant + " of " + verdicts + " verdicts");
    }
  }

  /** No A/A verdict yet. */
  public static FalsePositives none() {
    return new FalsePositives(0, 0, 0);
  }

  /** This count and {@code other}'s together. */
  public FalsePositives plus(FalsePositives other) {
    return new FalsePositives(
        significant + other.significant,
        verdicts + other.verdicts,
        invocations + other.invocations);
  }

  /** The share of verdicts that differed (NaN without verdicts). */
  public double rate() {
    return verdicts == 0 ? Double.NaN : significant / (double) verdicts;
  }

  /** The interval's lower bound at 95 % (0 with no verdict that differed). */
  public double low() {
    if (verdicts == 0) {
      return 0;
    }
    return significant == 0
        ? 0
        : BetaDistribution.of(significant, verdicts - significant + 1)
            .inverseCumulativeProbability(Shift.ALPHA / 2);
  }

  /** The interval's upper bound at 95 % (1 with no verdict at all). */
  public double high() {
    if (verdicts == 0) {
      return 1;
    }
    return significant == verdicts
        ? 1
        : BetaDistribution.of(significant + 1, verdicts - significant)
            .inverseCumulativeProbability(1 - Shift.ALPHA / 2);
  }

  /**
   * Whether the interval leaves out the stated rate from above: the verdicts are not calibrated.
   */
  public boolean aboveStated() {
    return verdicts > 0 && low() > Shift.ALPHA;
  }

  /** {@code 3 of 40 A/A verdicts (7.5 %, 95 % interval 1.6-20.4 %) over 10 invocations}. */
  public String text() {
    if (verdicts == 0) {
      return "no A/A verdict measured yet";
    }
    return significant
        + " of "
        + verdicts
        + " A/A verdicts ("
        + Num.fixed(100 * rate(), 1)
        + " %, 95 % interval "
        + Num.fixed(100 * low(), 1)
        + "-"
        + Num.fixed(100 * high(), 1)
        + " %) over "
        + invocations
        + " invocation"
        + (invocations == 1 ? "" : "s")
        + (aboveStated() ? ": ABOVE the stated 5 %" : "");
  }
}
