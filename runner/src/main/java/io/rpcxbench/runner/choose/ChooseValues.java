package io.rpcxbench.runner.choose;

import io.rpcxbench.harness.config.DurationConverter;
import io.rpcxbench.harness.config.WarmupPlan;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import picocli.CommandLine;

/** The values of choose's options written as shares and durations; a bad one is one clear line. */
final class ChooseValues {
  private ChooseValues() {}

  /** {@code 5%} or {@code 0.05}, below the whole. */
  static double share(String option, String text) {
    double v = shareOf(text);
    if (v >= 0 && v < 1) {
      return v;
    }
    throw new IllegalArgumentException(
        option + " must be a share like 5% or 0.05 (below 100 %), got '" + text + "'");
  }

  /** --shared-load: {@code 50%} or {@code 0.5}, above 0 and at most the whole. */
  static double sharedLoad(String text) {
    double v = shareOf(text);
    if (v > 0 && v <= 1) {
      return v;
    }
    throw new IllegalArgumentException(
        "--shared-load must be a share in (0, 1] like 50% or 0.5, got '" + text + "'");
  }

  /** A share written {@code 5%} or {@code 0.05}; NaN when it is neither. */
  private static double shareOf(String text) {
    try {
      return text.endsWith("%")
          ? Double.parseDouble(text.substring(0, text.length() - 1)) / 100
          : Double.parseDouble(text);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  /** --start-rate: {@code auto} (null: from each round's warm-up) or whole calls/s, at least 1. */
  static Integer startRate(String text) {
    if (text.equals("auto")) {
      return null;
    }
    try {
      int v = Integer.parseInt(text);
      if (v >= 1) {
        return v;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException(
        "--start-rate must be auto or whole calls/s of at least 1, got '" + text + "'");
  }

  /** {@code 5s}, {@code 2m}, {@code 1h}: whole seconds, at least one. */
  static int seconds(String option, String text) {
    try {
      Duration d = Duration.parse("PT" + text.toUpperCase(Locale.ROOT));
      if (d.getSeconds() < 1) {
        throw new DateTimeParseException("too short", text, 0);
      }
      return (int) Math.min(Integer.MAX_VALUE, d.getSeconds());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          option + " must be a duration like 5s, 2m or 1h, got '" + text + "'");
    }
  }

  /**
   * {@code --probe-warmup}: steady ({@link ChooseTiming#WARMUP}) or a fixed warm-up of a duration
   * from 100 ms to {@link ChooseTiming#WARMUP_MAX_S} s.
   */
  static WarmupPlan probeWarmup(String text) {
    if (text.trim().equalsIgnoreCase("steady")) {
      return ChooseTiming.WARMUP;
    }
    try {
      Duration d = DurationConverter.parse(text);
      if (d.compareTo(Duration.ofMillis(100)) >= 0
          && d.compareTo(Duration.ofSeconds(ChooseTiming.WARMUP_MAX_S)) <= 0) {
        return WarmupPlan.fixed(d);
      }
    } catch (CommandLine.TypeConversionException notADuration) {
      // refused below, as one out of range is
    }
    throw new IllegalArgumentException(
        "--probe-warmup must be steady or a duration from 100ms to "
            + ChooseTiming.WARMUP_MAX_S
            + "s, got '"
            + text
            + "'");
  }
}
