package io.rpcxbench.report.gc;

import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * A non-negative number as bench/gc-check.sh passes it (an uptime from {@code jcmd VM.uptime}, a
 * rate), with the text it was given: a rate that does not change is handed back as it came.
 */
record DecimalText(String text, double value) {
  private static final Pattern DECIMAL =
      Pattern.compile("(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?");

  /** picocli's converter: anything but a plain decimal number is bad usage (exit 2). */
  static final class Converter implements CommandLine.ITypeConverter<DecimalText> {
    @Override
    public DecimalText convert(String value) {
      if (!DECIMAL.matcher(value).matches()) {
        throw new CommandLine.TypeConversionException(
            "'" + value + "' is not a non-negative decimal number");
      }
      return new DecimalText(value, Double.parseDouble(value));
    }
  }
}
