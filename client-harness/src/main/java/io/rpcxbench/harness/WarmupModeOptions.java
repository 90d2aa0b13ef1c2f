package io.rpcxbench.harness;

import java.time.Duration;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --warmup-mode fixed|steady} and the steady warm-up's settings ({@link SteadyWarmup}).
 * {@code fixed} is {@code --warmup DURATION} as always ({@code 0s}, the default: none, the paper's
 * method).
 */
final class WarmupModeOptions {
  @Option(
      names = "--warmup-mode",
      paramLabel = "fixed|steady",
      defaultValue = "fixed",
      description =
          "fixed: warm up for --warmup (default; 0s: none, the paper's method); steady: warm-up"
              + " iterations of the point's load until two in a row differ in calls/s by less than"
              + " --warmup-tolerance, at most --warmup-max (JMH-style).")
  String mode;

  @Option(
      names = "--warmup-iteration",
      paramLabel = "DURATION",
      defaultValue = SteadyWarmup.DEFAULT_ITERATION,
      converter = DurationConverter.class,
      description = "Steady warm-up: each iteration's length (default: ${DEFAULT-VALUE}).")
  Duration iteration;

  @Option(
      names = "--warmup-tolerance",
      paramLabel = "PCT",
      defaultValue = SteadyWarmup.DEFAULT_TOLERANCE,
      description =
          "Steady warm-up: converged when two iterations in a row differ by less than this"
              + " (default: ${DEFAULT-VALUE}).")
  String tolerance;

  @Option(
      names = "--warmup-max",
      paramLabel = "DURATION",
      defaultValue = SteadyWarmup.DEFAULT_MAX,
      converter = DurationConverter.class,
      description =
          "Steady warm-up: the cap; the runs start then even when not converged, and the file"
              + " says so (default: ${DEFAULT-VALUE}).")
  Duration max;

  /**
   * The steady warm-up asked for, or null for {@code fixed}.
   *
   * @throws ParameterException for a bad mode or value, or a steady warm-up beside {@code --warmup}
   *     or {@code --cold-start}
   */
  SteadyWarmup resolve(LoadOptions load, CommandLine cl) {
    CommandLine.ParseResult parsed = cl.getParseResult();
    try {
      switch (mode.trim().toLowerCase(java.util.Locale.ROOT)) {
        case "fixed" -> {
          for (String option :
              new String[] {"--warmup-iteration", "--warmup-tolerance", "--warmup-max"}) {
            if (parsed != null && parsed.hasMatchedOption(option)) {
              throw new IllegalArgumentException(option + " goes with --warmup-mode steady");
            }
          }
          return null;
        }
        case "steady" -> {
          if (!load.warmup.isZero()) {
            throw new IllegalArgumentException(
                "--warmup-mode steady warms up until converged: it replaces --warmup "
                    + DurationConverter.format(load.warmup));
          }
          if (load.coldStart) {
            throw new IllegalArgumentException(
                "--cold-start measures the first calls in order 0; it cannot be combined with"
                    + " --warmup-mode steady");
          }
          SteadyWarmup steady =
              new SteadyWarmup(iteration, SteadyWarmup.parsePercent(tolerance), max);
          steady.validate();
          return steady;
        }
        default ->
            throw new IllegalArgumentException(
                "--warmup-mode: '" + mode + "' is not fixed or steady");
      }
    } catch (IllegalArgumentException e) {
      throw new ParameterException(cl, e.getMessage());
    }
  }
}
