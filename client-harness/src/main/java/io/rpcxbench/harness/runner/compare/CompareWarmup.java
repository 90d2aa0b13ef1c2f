package io.rpcxbench.harness.runner.compare;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Each harness JVM's warm-up in the side-by-side comparison: {@code steady} (the harness's {@code
 * --warmup-mode steady}: iterations of {@code iteration} until two in a row differ by less than
 * {@code tolerance}, at most {@code max}; JMH's way) or a fixed duration ({@code --warmup D}).
 *
 * <pre>{@code
 * CompareWarmup.of("steady", "1s", "3%", "30s").args();
 * // --warmup-mode steady --warmup-iteration 1s --warmup-tolerance 3% --warmup-max 30s
 * }</pre>
 */
record CompareWarmup(String mode, String iteration, String tolerance, String max) {
  private static final Pattern DURATION = Pattern.compile("[0-9]+(ms|s|m)");
  private static final Pattern PERCENT = Pattern.compile("[0-9]+(\\.[0-9]+)?%?");

  /**
   * The warm-up of the options as given.
   *
   * @throws IllegalArgumentException naming the option that is wrong
   */
  static CompareWarmup of(String mode, String iteration, String tolerance, String max) {
    for (String d : List.of(iteration, max, mode.equals("steady") ? "1s" : mode)) {
      if (!DURATION.matcher(d).matches()) {
        throw new IllegalArgumentException(
            "--warmup*: '" + d + "' is not steady or a duration like 10s, 500ms, 1m");
      }
    }
    if (!PERCENT.matcher(tolerance).matches()) {
      throw new IllegalArgumentException(
          "--warmup-tolerance: '" + tolerance + "' is not a percentage like 3%");
    }
    return new CompareWarmup(mode, iteration, tolerance, max);
  }

  boolean steady() {
    return mode.equals("steady");
  }

  /** The harness options. */
  List<String> args() {
    return steady()
        ? List.of(
            "--warmup-mode",
            "steady",
            "--warmup-iteration",
            iteration,
            "--warmup-tolerance",
            tolerance,
            "--warmup-max",
            max)
        : List.of("--warmup", mode);
  }

  /** How it reads in machine.txt and the method text. */
  String text() {
    return steady()
        ? "steady: "
            + iteration
            + " iterations until two in a row differ by less than "
            + tolerance
            + ", at most "
            + max
        : "a fixed " + mode;
  }
}
