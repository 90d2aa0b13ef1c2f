package io.rpcxbench.runner.choose;

import java.math.BigDecimal;
import java.util.Locale;

/** Numbers as the runner prints them: a dot for decimals whatever the locale, no trailing zeros. */
final class NumberText {
  private NumberText() {}

  /** {@code 99}, {@code 99.9}, {@code 1234.5}: at most three decimals, none trailing. */
  static String compact(double v) {
    return new BigDecimal(String.format(Locale.ROOT, "%.3f", v))
        .stripTrailingZeros()
        .toPlainString();
  }

  /** A latency in µs as people write it: {@code 800us}, {@code 5ms}, {@code 1.25s}. */
  static String duration(double micros) {
    if (micros >= 1e6) {
      return compact(micros / 1e6) + "s";
    }
    if (micros >= 1e3) {
      return compact(Math.round(micros / 10.0) / 100.0) + "ms";
    }
    return compact(Math.round(micros * 10) / 10.0) + "us";
  }

  /** A rate with one decimal: {@code 2048.0}. */
  static String rate(double callsPerSecond) {
    return String.format(Locale.ROOT, "%.1f", callsPerSecond);
  }
}
