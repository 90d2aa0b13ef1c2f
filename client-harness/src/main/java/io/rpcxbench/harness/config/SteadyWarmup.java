package io.rpcxbench.harness.config;

import java.time.Duration;
import java.util.List;

/**
 * Warm-up to steady state, the way JMH warms up ({@code --warmup-mode steady}): iterations of the
 * point's own load, each {@code iteration} long, until two in a row differ in throughput by less
 * than {@code tolerance} (a share: 0.03 is 3 %), at most {@code max} of them together. Nothing of
 * it is recorded but the counts, the iterations and whether it converged. A JVM whose client still
 * speeds up after start-up (gRPC's did for tens of seconds) is then measured at its pace, not on
 * its ramp, whatever a fixed {@code --warmup} would have guessed.
 *
 * <pre>{@code
 * SteadyWarmup steady = new SteadyWarmup(Duration.ofSeconds(1), 0.03, Duration.ofSeconds(60));
 * SteadyWarmupRun.Outcome o = SteadyWarmupRun.run(steady, length -> runner.warmUp(length, deadline));
 * }</pre>
 */
public record SteadyWarmup(Duration iteration, double tolerance, Duration max) {
  static final String DEFAULT_ITERATION = "1s";
  static final String DEFAULT_TOLERANCE = "3%";
  static final String DEFAULT_MAX = "60s";

  /** Checks the values; the message names the option and the bad value. */
  void validate() {
    if (iteration.isNegative() || iteration.isZero()) {
      throw new IllegalArgumentException("--warmup-iteration must be positive, got " + iteration);
    }
    if (!(tolerance > 0 && tolerance < 1)) {
      throw new IllegalArgumentException(
          "--warmup-tolerance must be above 0 % and below 100 %, got " + percent(tolerance));
    }
    if (max.compareTo(iteration.multipliedBy(2)) < 0) {
      throw new IllegalArgumentException(
          "--warmup-max "
              + DurationConverter.format(max)
              + " leaves no room for two --warmup-iteration "
              + DurationConverter.format(iteration)
              + " (at least "
              + DurationConverter.format(iteration.multipliedBy(2))
              + ")");
    }
  }

  /** The most iterations the cap allows: {@code max / iteration}, rounded down. */
  public int maxIterations() {
    return (int) Math.min(Integer.MAX_VALUE, max.toNanos() / iteration.toNanos());
  }

  /** Whether two iterations' rates differ by less than the tolerance of the larger one. */
  public boolean agree(double a, double b) {
    double larger = Math.max(a, b);
    return larger > 0 && Math.abs(a - b) < tolerance * larger;
  }

  /** The options that reproduce it (for {@code # options:} and the forked workers). */
  void addArgs(List<String> args) {
    args.addAll(
        List.of(
            "--warmup-mode",
            "steady",
            "--warmup-iteration",
            DurationConverter.format(iteration),
            "--warmup-tolerance",
            percent(tolerance),
            "--warmup-max",
            DurationConverter.format(max)));
  }

  /** {@code 0.03} as {@code 3%}, {@code 0.005} as {@code 0.5%}. */
  public static String percent(double share) {
    if (!Double.isFinite(share)) {
      return Double.isNaN(share) ? "NaN" : share > 0 ? "Infinity" : "-Infinity";
    }
    return RateSchedule.number(Math.round(share * 1e6) / 1e4) + "%";
  }

  /** {@code 3%}, {@code 3} (both 3 %) or {@code 0.5%}; the share (0.03). */
  static double parsePercent(String text) {
    String t = text.trim();
    if (t.endsWith("%")) {
      t = t.substring(0, t.length() - 1).trim();
    }
    try {
      return Double.parseDouble(t) / 100;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--warmup-tolerance " + text + ": not a percentage like 3% or 0.5%");
    }
  }
}
