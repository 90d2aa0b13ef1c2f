package io.rpcxbench.verdict.diff;

import io.rpcxbench.raw.RunRow;
import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Spearman;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * What each trial of a calibration recorded beside its figures, and how it goes with them (issue
 * 56, outcome 1): per covariate its median and range over the trials, and per metric Spearman's rho
 * between the covariate and the trial's value taken against its own invocation's mean (so a shift
 * of a whole invocation is not read as the covariate's), with its p. A covariate that moves with a
 * metric is where that metric's spread comes from, or goes with it; one that does not is not worth
 * controlling. Runs' columns (docs/raw-format.md), averaged over a trial's kept runs: the JIT
 * compilers' CPU ({@code client_jit_ms}, {@code server_jit_ms}), the cores each side used, GC
 * pauses, steal, other processes' cores, the contended share.
 *
 * <pre>{@code
 * TrialCovariates.lines(invocations, List.of(PointChange.Measure.THROUGHPUT)).forEach(out::println);
 * //   client JIT ms a run: median 120 (0-1100) | throughput rho -0.62 (p 0.001)
 * }</pre>
 */
public final class TrialCovariates {
  /** One covariate: its name and how a trial's value is read. */
  enum Covariate {
    CLIENT_JIT("client JIT ms a run", t -> mean(t, "client_jit_ms")),
    SERVER_JIT("server JIT ms a run", t -> mean(t, "server_jit_ms")),
    CLIENT_CORES("client cores", t -> mean(t, "client_cores")),
    SERVER_CORES("server cores", t -> mean(t, "server_cores")),
    GC("GC pause ms a run", t -> mean(t, "gc_pause_ms")),
    STEAL("steal %", t -> mean(t, "noise_steal")),
    OTHERS("other processes' cores", t -> mean(t, "noise_others_cores")),
    CONTENDED("contended runs %", t -> 100 * t.contendedShare());

    final String label;
    final ToDoubleFunction<DiffSide.Trial> read;

    Covariate(String label, ToDoubleFunction<DiffSide.Trial> read) {
      this.label = label;
      this.read = read;
    }
  }

  private TrialCovariates() {}

  /**
   * One line per covariate the trials recorded and that varied, each with its rho against every
   * metric of {@code metrics}; none when no covariate did.
   */
  public static List<String> lines(
      List<DiffSide.Point> invocations, List<PointChange.Measure> metrics) {
    List<String> out = new ArrayList<>();
    for (Covariate c : Covariate.values()) {
      List<Double> all = new ArrayList<>();
      for (DiffSide.Point p : invocations) {
        p.trials().forEach(t -> all.add(c.read.applyAsDouble(t)));
      }
      double[] seen = all.stream().filter(v -> !Double.isNaN(v)).mapToDouble(v -> v).toArray();
      if (seen.length < 3
          || Arrays.stream(seen).min().orElse(0) == Arrays.stream(seen).max().orElse(0)) {
        continue;
      }
      StringBuilder b = new StringBuilder("  ").append(c.label).append(": median ");
      double[] sorted = seen.clone();
      Arrays.sort(sorted);
      int decimals = sorted[sorted.length - 1] >= 10 ? 0 : 2;
      b.append(Num.fixed(median(sorted), decimals))
          .append(" (")
          .append(Num.fixed(sorted[0], decimals))
          .append('-')
          .append(Num.fixed(sorted[sorted.length - 1], decimals))
          .append(')');
      for (PointChange.Measure m : metrics) {
        b.append(" | ").append(m.id).append(' ').append(association(c, m, invocations));
      }
      out.add(b.toString());
    }
    return out;
  }

  /** Rho of the covariate against the metric's value relative to its invocation, with its p. */
  static String association(Covariate c, PointChange.Measure m, List<DiffSide.Point> invocations) {
    List<Double> x = new ArrayList<>();
    List<Double> y = new ArrayList<>();
    for (DiffSide.Point p : invocations) {
      List<Double> cov = new ArrayList<>();
      List<Double> logs = new ArrayList<>();
      for (DiffSide.Trial t : p.trials()) {
        double v = c.read.applyAsDouble(t);
        Double value = PointChange.value(m, t);
        if (!Double.isNaN(v) && value != null && value > 0) {
          cov.add(v);
          logs.add(Math.log(value));
        }
      }
      double mean = logs.stream().mapToDouble(d -> d).average().orElse(0);
      x.addAll(cov);
      logs.forEach(l -> y.add(l - mean));
    }
    Double rho =
        Spearman.rho(
            x.stream().mapToDouble(d -> d).toArray(), y.stream().mapToDouble(d -> d).toArray());
    if (rho == null) {
      return "rho -";
    }
    return String.format(Locale.ROOT, "rho %+.2f (p %.3f)", rho, Spearman.pTwoSided(rho, x.size()));
  }

  /** The mean of a column over the trial's kept runs; NaN when no run has it. */
  private static double mean(DiffSide.Trial t, String column) {
    double sum = 0;
    int n = 0;
    for (RunRow r : t.kept()) {
      var v = r.extra(column);
      if (v.isPresent()) {
        try {
          sum += Double.parseDouble(v.get());
          n++;
        } catch (NumberFormatException e) {
          // a damaged cell: not this run's figure
        }
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
