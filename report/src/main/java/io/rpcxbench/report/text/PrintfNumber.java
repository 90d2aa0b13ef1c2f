package io.rpcxbench.report.text;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A number printed as C's printf ({@code %.Nf}, {@code %+.Nf}) prints it: the binary double's exact
 * value rounded half-even, never a decimal comma. What the bench scripts printed with awk, the
 * report tool now prints the same, digit for digit.
 *
 * <pre>{@code
 * PrintfNumber.fixed(2.675, 2)   // "2.67" (2.675 is 2.67499999... as a double), as printf
 * PrintfNumber.signed(16.0, 1)   // "+16.0"
 * }</pre>
 */
public final class PrintfNumber {
  private PrintfNumber() {}

  /** {@code %.<decimals>f}. */
  public static String fixed(double value, int decimals) {
    String digits =
        new BigDecimal(Math.abs(value)).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    return negative(value) ? "-" + digits : digits;
  }

  /** {@code %+.<decimals>f}: a sign always. */
  public static String signed(double value, int decimals) {
    String s = fixed(value, decimals);
    return s.startsWith("-") ? s : "+" + s;
  }

  private static boolean negative(double value) {
    return value < 0 || (value == 0 && 1 / value < 0);
  }
}
