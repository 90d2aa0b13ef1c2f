package io.rpcxbench.verdict.significance;

import io.rpcxbench.stats.Num;

/**
 * The answer to "does B differ from A?" for one statistic ({@link Significance} makes it): B's
 * figure over A's with its 95 % interval, B minus A with its interval, the two-sided p (raw, and
 * adjusted for the other pairs of its table), whether the difference is taken as real, and the test
 * in words for the page.
 *
 * <pre>{@code
 * PairTest t = Significance.trials("grpc", grpcCapacities, "rpcx", rpcxCapacities, false);
 * t.ratioText();    // "3.10x (2.70-3.50x)": rpcx's over grpc's, Hodges-Lehmann
 * t.pText();        // "p = 0.002"
 * t.significant();  // true
 * t.test();         // "Hodges-Lehmann shift of log values, Mann-Whitney interval over trials, ..."
 * }</pre>
 *
 * @param a the reference side
 * @param b the side compared with it
 * @param ratio B / A (null when A's figure is 0 or missing)
 * @param difference B - A (null when there is no figure)
 * @param p the two-sided p (null: no test)
 * @param pAdjusted p after Holm-Bonferroni over the table's pairs (p itself alone)
 * @param note why a difference is not taken as real though p is small, or why there is no test
 */
public record PairTest(
    String a,
    String b,
    Double ratio,
    Double ratioLow,
    Double ratioHigh,
    Double difference,
    Double differenceLow,
    Double differenceHigh,
    Double p,
    Double pAdjusted,
    boolean significant,
    String test,
    String note) {

  /** Whether a test was made (both sides had two units or more). */
  public boolean tested() {
    return p != null;
  }

  boolean hasRatioInterval() {
    return ratioLow != null && ratioHigh != null;
  }

  /** {@code 3.10x (2.70-3.50x)}, {@code 3.10x} without an interval, {@code n/a}. */
  public String ratioText() {
    if (ratio == null) {
      return "n/a";
    }
    return Num.fixed(ratio, 2)
        + "x"
        + (hasRatioInterval()
            ? " (" + Num.fixed(ratioLow, 2) + "-" + Num.fixed(ratioHigh, 2) + "x)"
            : "");
  }

  /** {@code +20.1 % (+15.0 to +25.3 %)}: B's change from A in percent, from the ratio. */
  public String changeText() {
    if (ratio == null) {
      return "n/a";
    }
    String c = signed((ratio - 1) * 100);
    return hasRatioInterval()
        ? c + " % (" + signed((ratioLow - 1) * 100) + " to " + signed((ratioHigh - 1) * 100) + " %)"
        : c + " %";
  }

  private static String signed(double percent) {
    String s = Num.fixed(percent, 1);
    return s.startsWith("-") || s.equals("0.0") ? s : "+" + s;
  }

  /** The adjusted p as the page shows it: {@code p = 0.002}, {@code p < 0.001}; the note. */
  public String pText() {
    if (pAdjusted == null) {
      return note;
    }
    return pAdjusted < 0.001 ? "p < 0.001" : "p = " + Num.fixed(pAdjusted, 3);
  }

  /** This result with another adjusted p, significance, test text and note. */
  PairTest adjusted(Double newP, boolean isSignificant, String testText, String newNote) {
    return new PairTest(
        a,
        b,
        ratio,
        ratioLow,
        ratioHigh,
        difference,
        differenceLow,
        differenceHigh,
        p,
        newP,
        isSignificant,
        testText,
        newNote);
  }
}
