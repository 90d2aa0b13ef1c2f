package io.rpcxbench.harness.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h} or ISO-8601 ({@code PT1M}). A unit is
 * required: a bare {@code 30} is ambiguous, so it is refused. A sign is accepted ({@code -1s}) so
 * that {@link RunConfig#validate()} can say which option must not be negative.
 */
public final class DurationConverter implements ITypeConverter<Duration> {
  private static final Pattern SIMPLE = Pattern.compile("(-?\\d+)\\s*(ms|s|m|h)");

  @Override
  public Duration convert(String value) {
    return parse(value);
  }

  public static Duration parse(String value) {
    String text = value.trim().toLowerCase(Locale.ROOT);
    Matcher m = SIMPLE.matcher(text);
    try {
      if (m.matches()) {
        long amount = Long.parseLong(m.group(1));
        switch (m.group(2)) {
          case "ms":
            return Duration.ofMillis(amount);
          case "s":
            return Duration.ofSeconds(amount);
          case "m":
            return Duration.ofMinutes(amount);
          default:
            return Duration.ofHours(amount);
        }
      }
      if (text.startsWith("p") || text.startsWith("-p")) {
        return Duration.parse(value.trim());
      }
    } catch (NumberFormatException | ArithmeticException | DateTimeParseException e) {
      // fall through to the message below
    }
    throw new TypeConversionException(
        "'" + value + "' is not a duration (use e.g. 500ms, 30s, 2m, 1h or PT1M)");
  }

  /** A duration the way the options spell it: {@code 1ms}, {@code 30s}, {@code 1500ms}. */
  public static String format(Duration d) {
    long ms = d.toMillis();
    if (ms % 1000 == 0 && ms != 0) {
      return ms / 1000 + "s";
    }
    return ms > 0 || d.isZero() ? ms + "ms" : d.toString();
  }
}
