package io.rpcxbench.stats;

import java.util.Locale;

/**
 * Number formatting that never depends on the JVM's default locale (raw files and reports use '.').
 */
public final class Num {
  private Num() {}

  /** {@code value} with {@code decimals} digits after a '.', no grouping; never "-0.0". */
  public static String fixed(double value, int decimals) {
    String s = String.format(Locale.ROOT, "%." + decimals + "f", value);
    return s.matches("-0\\.?0*") ? s.substring(1) : s;
  }

  /**
   * {@code value} to at most {@code 3} significant digits, no trailing zeros: {@code 12}, {@code
   * 0.25}, {@code 3.16}, {@code 1000}.
   */
  public static String significant(double value) {
    if (value == 0 || !Double.isFinite(value)) {
      return value == 0 ? "0" : String.valueOf(value);
    }
    java.math.BigDecimal d =
        new java.math.BigDecimal(value).round(new java.math.MathContext(3)).stripTrailingZeros();
    return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
  }
}
