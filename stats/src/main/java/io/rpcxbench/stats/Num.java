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
}
