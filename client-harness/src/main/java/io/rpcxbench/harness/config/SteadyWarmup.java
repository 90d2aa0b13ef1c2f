package io.rpcxbench.harness.config;

import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.harness.load.TimeLimit;
import io.rpcxbench.harness.protocol.Protocol;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

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
 * SteadyWarmup.Outcome o = steady.run(length -> runner.warmUp(length, deadline));
 * }</pre>
 */
public record SteadyWarmup(Duration iteration, double tolerance, Duration max) {
  static final String DEFAULT_ITERATION = "1s";
  static final String DEFAULT_TOLERANCE = "3%";
  static final String DEFAULT_MAX = "60s";

  /** One iteration of the point's load for {@code length}; only its counts are kept. */
  @FunctionalInterface
  public interface Iteration {
    public LoadRunner.Warmup run(Duration length) throws InterruptedException, TimeLimit.Reached;
  }

  /**
   * What the warm-up did.
   *
   * @param total the iterations together (time, calls, errors, the first error)
   * @param iterations how many iterations ran
   * @param converged whether the last two differed by less than the tolerance (else the cap ended
   *     it)
   * @param rates each iteration's calls/s, in order
   */
  public record Outcome(
      LoadRunner.Warmup total, int iterations, boolean converged, List<Double> rates) {
    public Outcome {
      rates = List.copyOf(rates);
    }

    /** The last iteration's calls/s (0 without iterations). */
    double lastRate() {
      return rates.isEmpty() ? 0 : rates.get(rates.size() - 1);
    }
  }

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
  int maxIterations() {
    return (int) Math.min(Integer.MAX_VALUE, max.toNanos() / iteration.toNanos());
  }

  /**
   * Runs iterations until two in a row agree within the tolerance, or until {@link
   * #maxIterations()} have run or their time reached {@code max}.
   */
  public Outcome run(Iteration load) throws InterruptedException, TimeLimit.Reached {
    List<Double> rates = new java.util.ArrayList<>();
    long time = 0;
    long calls = 0;
    long errors = 0;
    String firstError = null;
    boolean converged = false;
    int cap = maxIterations();
    while (rates.size() < cap && time < max.toNanos()) {
      LoadRunner.Warmup w = load.run(iteration);
      time += w.timeNanos();
      calls += w.calls();
      errors += w.errors();
      if (firstError == null) {
        firstError = w.firstError();
      }
      rates.add(w.timeNanos() <= 0 ? 0 : w.calls() * 1e9 / w.timeNanos());
      if (rates.size() >= 2 && agree(rates.get(rates.size() - 2), rates.get(rates.size() - 1))) {
        converged = true;
        break;
      }
    }
    return new Outcome(
        new LoadRunner.Warmup(time, calls, errors, firstError), rates.size(), converged, rates);
  }

  /** Whether two iterations' rates differ by less than the tolerance of the larger one. */
  boolean agree(double a, double b) {
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
  static String percent(double share) {
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

  /** Each iteration's calls/s, whole, space-separated: the ramp as the provenance keeps it. */
  public static String rates(Outcome o) {
    return String.join(" ", o.rates().stream().map(r -> String.valueOf(Math.round(r))).toList());
  }

  /** The progress line: {@code rpcx warm-up: 12 iterations of 1s, converged, ...}. */
  public static String line(Protocol protocol, SteadyWarmup steady, Outcome o) {
    LoadRunner.Warmup w = o.total();
    String line =
        String.format(
            Locale.ROOT,
            "%-9s warm-up: %.1f s, %d calls, %d errors; %d iterations of %s, %s (last %.1f calls/s,"
                + " tolerance %s)",
            protocol,
            w.timeNanos() / 1e9,
            w.calls(),
            w.errors(),
            o.iterations(),
            DurationConverter.format(steady.iteration()),
            o.converged()
                ? "converged"
                : "NOT converged within --warmup-max " + DurationConverter.format(steady.max()),
            o.lastRate(),
            percent(steady.tolerance()));
    return w.firstError() == null ? line : line + " (first error: " + w.firstError() + ")";
  }
}
