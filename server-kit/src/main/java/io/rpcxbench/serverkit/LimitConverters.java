package io.rpcxbench.serverkit;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** The limit options' units: durations like {@code 30s}, sizes like {@code 2MiB}; 0 is off. */
final class LimitConverters {
  private static final Pattern DURATION = Pattern.compile("(\\d+)(us|ms|s|m|h)?");
  private static final Pattern BYTES = Pattern.compile("(\\d+)(k|kib|kb|m|mib|mb|g|gib|gb|b)?");

  private LimitConverters() {}

  /**
   * {@code 6us}, {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}, a bare number of seconds, or
   * ISO-8601.
   */
  static final class DurationConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      return parseDuration(value);
    }
  }

  /** {@code 2MiB}, {@code 64m}, {@code 512k}, {@code 1048576}: binary units, case-insensitive. */
  static final class BytesConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return parseBytes(value);
    }
  }

  static Duration parseDuration(String value) {
    String text = value.trim().toLowerCase(Locale.ROOT);
    if (text.startsWith("pt")) {
      try {
        return Duration.parse(text);
      } catch (RuntimeException e) {
        throw new TypeConversionException("not a duration: " + value);
      }
    }
    Matcher m = DURATION.matcher(text);
    if (!m.matches()) {
      throw new TypeConversionException("not a duration (e.g. 6us, 500ms, 30s, 5m, 0): " + value);
    }
    long amount = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    return switch (unit) {
      case "us" -> Duration.ofNanos(Math.multiplyExact(amount, 1000L));
      case "ms" -> Duration.ofMillis(amount);
      case "m" -> Duration.ofMinutes(amount);
      case "h" -> Duration.ofHours(amount);
      default -> Duration.ofSeconds(amount);
    };
  }

  static long parseBytes(String value) {
    Matcher m = BYTES.matcher(value.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new TypeConversionException("not a size (e.g. 2MiB, 512k, 1048576): " + value);
    }
    long amount = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "b" : m.group(2);
    long factor =
        switch (unit.charAt(0)) {
          case 'k' -> 1L << 10;
          case 'm' -> 1L << 20;
          case 'g' -> 1L << 30;
          default -> 1;
        };
    return Math.multiplyExact(amount, factor);
  }

  static String format(Duration duration) {
    if (duration.isZero()) {
      return "off";
    }
    if (duration.toNanos() % 1_000_000 != 0) {
      return duration.toNanos() / 1000 + "us";
    }
    long ms = duration.toMillis();
    if (ms % 60_000 == 0) {
      return ms / 60_000 + "m";
    }
    return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
  }

  static String formatBytes(long bytes) {
    if (bytes % (1 << 20) == 0) {
      return bytes / (1 << 20) + "MiB";
    }
    return bytes % 1024 == 0 ? bytes / 1024 + "KiB" : bytes + "B";
  }
}
