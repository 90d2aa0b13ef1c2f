package io.rpcxbench.report.gc;

import io.rpcxbench.report.text.PrintfNumber;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The number conventions of the awk that bench/gc-check.sh used before this package, kept so that
 * its files, its progress lines and docs/performance.md's GC section come out the same: {@code
 * printf "%.Nf"} (C's rounding of the exact binary value, ties to even), {@code print} of a number
 * (an integral value as an integer, any other with {@code OFMT}, {@code %.6g}) and a string's
 * numeric value (its leading number, 0 without one).
 */
final class AwkNumbers {
  private static final Pattern LEADING =
      Pattern.compile("^[ \\t]*([-+]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?)");
  private static final Pattern WHOLE =
      Pattern.compile("[ \\t]*[-+]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?[ \\t]*");
  private static final double LARGEST_EXACT = 9007199254740992.0; // 2^53
  private static final int OFMT_DIGITS = 6;

  private AwkNumbers() {}

  /** {@code printf "%.<decimals>f"}: a decimal point in any locale. */
  static String fixed(double value, int decimals) {
    return PrintfNumber.fixed(value, decimals);
  }

  /** {@code print value}: an integral value as an integer, any other as {@code %.6g}. */
  static String printed(double value) {
    if (value == Math.rint(value) && Math.abs(value) < LARGEST_EXACT) {
      return Long.toString((long) value);
    }
    return general(value, OFMT_DIGITS);
  }

  /** {@code value + 0} of a string: its leading number, 0 without one. */
  static double numeric(String text) {
    Matcher m = LEADING.matcher(text);
    return m.find() ? Double.parseDouble(m.group(1)) : 0;
  }

  /** Whether awk takes a field as a number in a comparison (the whole field is one). */
  static boolean looksNumeric(String text) {
    return WHOLE.matcher(text).matches();
  }

  /** C's {@code %.<digits>g}, trailing zeros removed (no {@code #} flag). */
  private static String general(double value, int digits) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return Double.isNaN(value) ? "nan" : value > 0 ? "inf" : "-inf";
    }
    if (value == 0) {
      return "0";
    }
    BigDecimal rounded =
        new BigDecimal(value).round(new MathContext(digits, RoundingMode.HALF_EVEN));
    int exponent = rounded.precision() - rounded.scale() - 1;
    if (exponent < -4 || exponent >= digits) {
      String mantissa =
          stripZeros(
              rounded
                  .movePointLeft(exponent)
                  .setScale(digits - 1, RoundingMode.HALF_EVEN)
                  .toPlainString());
      return mantissa
          + (exponent < 0 ? "e-" : "e+")
          + (Math.abs(exponent) < 10 ? "0" : "")
          + Math.abs(exponent);
    }
    return stripZeros(
        rounded
            .setScale(Math.max(0, digits - 1 - exponent), RoundingMode.HALF_EVEN)
            .toPlainString());
  }

  private static String stripZeros(String plain) {
    if (plain.indexOf('.') < 0) {
      return plain;
    }
    String s = plain.replaceAll("0+$", "");
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }
}
