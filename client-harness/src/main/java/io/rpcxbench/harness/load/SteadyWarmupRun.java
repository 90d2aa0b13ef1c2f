package io.rpcxbench.harness.load;

import io.rpcxbench.harness.config.DurationConverter;
import io.rpcxbench.harness.config.SteadyWarmup;
import io.rpcxbench.harness.protocol.Protocol;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Runs a {@link SteadyWarmup} ({@code --warmup-mode steady}): iterations of the point's own load
 * until two in a row agree within its tolerance and the JIT compilers of the harness and the server
 * are quiet (at most {@link #JIT_QUIET_CORES} over the last iteration, where they can be read), or
 * its cap. Without the second rule a warm-up of two agreeing iterations ended while the compilers
 * still worked: measured runs of 2 s then held 0.5-1.2 s of the client's compiler CPU on its one
 * core, and their calls/s climbed run by run (docs/report.md).
 *
 * <pre>{@code
 * SteadyWarmupRun.Outcome o = SteadyWarmupRun.run(steady, length -> runner.warmUp(length, limit));
 * }</pre>
 */
public final class SteadyWarmupRun {
  private SteadyWarmupRun() {}

  /** One iteration of the point's load for {@code length}; only its counts are kept. */
  @FunctionalInterface
  public interface Iteration {
    LoadRunner.Warmup run(Duration length) throws InterruptedException, TimeLimit.Reached;
  }

  /**
   * What the warm-up did.
   *
   * @param total the iterations together (time, calls, errors, the first error)
   * @param iterations how many iterations ran
   * @param converged whether the last two differed by less than the tolerance (else the cap ended
   *     it)
   * @param rates each iteration's calls/s, in order
   * @param jitCores each iteration's JIT compiler cores (harness and server), NaN where unread
   */
  public record Outcome(
      LoadRunner.Warmup total,
      int iterations,
      boolean converged,
      List<Double> rates,
      List<Double> jitCores) {
    public Outcome {
      rates = List.copyOf(rates);
      jitCores = List.copyOf(jitCores);
    }

    /** The last iteration's JIT cores (NaN without iterations or reading). */
    double lastJit() {
      return jitCores.isEmpty() ? Double.NaN : jitCores.get(jitCores.size() - 1);
    }

    /** The last iteration's calls/s (0 without iterations). */
    double lastRate() {
      return rates.isEmpty() ? 0 : rates.get(rates.size() - 1);
    }
  }

  /**
   * Runs iterations until two in a row agree within the tolerance, or until {@link
   * SteadyWarmup#maxIterations()} have run or their time reached {@code max}.
   */
  public static Outcome run(SteadyWarmup steady, Iteration load)
      throws InterruptedException, TimeLimit.Reached {
    return run(steady, load, () -> Double.NaN);
  }

  /** The compilers at most this busy (cores, harness and server together) count as quiet. */
  public static final double JIT_QUIET_CORES = 0.1;

  /**
   * As {@link #run(SteadyWarmup, Iteration)}, the JIT's cores over each iteration from {@code jit}
   * (called once before the first: its baseline).
   */
  public static Outcome run(
      SteadyWarmup steady, Iteration load, java.util.function.DoubleSupplier jit)
      throws InterruptedException, TimeLimit.Reached {
    List<Double> rates = new java.util.ArrayList<>();
    List<Double> jitCores = new java.util.ArrayList<>();
    jit.getAsDouble();
    long time = 0;
    long calls = 0;
    long errors = 0;
    String firstError = null;
    boolean converged = false;
    int cap = steady.maxIterations();
    while (rates.size() < cap && time < steady.max().toNanos()) {
      LoadRunner.Warmup w = load.run(steady.iteration());
      time += w.timeNanos();
      calls += w.calls();
      errors += w.errors();
      if (firstError == null) {
        firstError = w.firstError();
      }
      rates.add(w.timeNanos() <= 0 ? 0 : w.calls() * 1e9 / w.timeNanos());
      double compiling = jit.getAsDouble();
      jitCores.add(compiling);
      boolean quiet = Double.isNaN(compiling) || compiling <= JIT_QUIET_CORES;
      if (rates.size() >= 2
          && quiet
          && steady.agree(rates.get(rates.size() - 2), rates.get(rates.size() - 1))) {
        converged = true;
        break;
      }
    }
    return new Outcome(
        new LoadRunner.Warmup(time, calls, errors, firstError),
        rates.size(),
        converged,
        rates,
        jitCores);
  }

  /** Each iteration's calls/s, whole, space-separated: the ramp as the provenance keeps it. */
  public static String rates(Outcome o) {
    return String.join(" ", o.rates().stream().map(r -> String.valueOf(Math.round(r))).toList());
  }

  /** Each iteration's JIT cores, two decimals, space-separated ({@code -} where unread). */
  public static String jitCores(Outcome o) {
    return String.join(
        " ",
        o.jitCores().stream()
            .map(c -> Double.isNaN(c) ? "-" : String.format(Locale.ROOT, "%.2f", c))
            .toList());
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
                : "NOT converged within --warmup-max "
                    + DurationConverter.format(steady.max())
                    + (Double.isNaN(o.lastJit()) || o.lastJit() <= JIT_QUIET_CORES
                        ? ""
                        : String.format(
                            Locale.ROOT, ", the JIT still compiling (%.2f cores)", o.lastJit())),
            o.lastRate(),
            SteadyWarmup.percent(steady.tolerance()));
    return w.firstError() == null ? line : line + " (first error: " + w.firstError() + ")";
  }
}
