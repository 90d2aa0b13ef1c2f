package io.rpcxbench.harness.review;

import io.rpcxbench.raw.RunRow;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A point whose kept runs still trend: their throughput rises (or falls) with the run's order, so
 * the point had not reached steady state and their mean is a figure of the ramp. The rule: at least
 * {@value #MIN_KEPT_RUNS} kept runs, Spearman's rank correlation of throughput against order at
 * least {@value #MIN_RHO} in size, and a change from the first kept run to the last of more than 10
 * %.
 *
 * <p>Why ranks and not "every run above the one before": one noisy reversal among nine runs (a
 * 2-vCPU box's GC or neighbour) would hide a real ramp from a strict monotone rule, while rho stays
 * above 0.9 with one small swap; ranks ignore how far an outlier lies. The 10 % floor keeps the 1-2
 * % drift of a quiet machine, perfectly ordered or not, out of the warnings. The report's trend
 * statistics use Spearman's rho too.
 *
 * <pre>{@code
 * KeptRunsTrend.of(KeptRuns.of(contents))
 *     .ifPresent(t -> err.println(t.warning("rpcx", "none")));
 * // warning: rpcx's kept runs still rise (+38 % from run 1 to run 9): it had not reached ...
 * }</pre>
 *
 * @param rising whether the throughput rises (else it falls)
 * @param change the change from the first kept run to the last, a share (0.38 is +38 %)
 * @param firstOrder the order of the first kept run
 * @param lastOrder the order of the last kept run
 */
public record KeptRunsTrend(boolean rising, double change, int firstOrder, int lastOrder) {
  /** The provenance key: {@code trend: rising +38.0 %}. */
  public static final String KEY = "trend";

  static final int MIN_KEPT_RUNS = 4;
  static final double MIN_RHO = 0.9;
  static final double MIN_CHANGE = 0.10;

  /** The trend of {@code kept}, if they still trend by the rule above. */
  public static Optional<KeptRunsTrend> of(KeptRuns kept) {
    List<RunRow> rows = kept.rows();
    if (rows.size() < MIN_KEPT_RUNS) {
      return Optional.empty();
    }
    double[] orders = rows.stream().mapToDouble(RunRow::order).toArray();
    double[] throughput = rows.stream().mapToDouble(RunRow::throughput).toArray();
    double first = throughput[0];
    double change = (throughput[throughput.length - 1] - first) / first;
    double rho = spearman(orders, throughput);
    boolean trends =
        first > 0
            && Math.abs(rho) >= MIN_RHO
            && Math.abs(change) > MIN_CHANGE
            && Math.signum(rho) == Math.signum(change);
    return trends
        ? Optional.of(
            new KeptRunsTrend(
                change > 0, change, rows.get(0).order(), rows.get(rows.size() - 1).order()))
        : Optional.empty();
  }

  /** The provenance value: {@code rising +38.0 %} or {@code falling -12.5 %}. */
  public String provenance() {
    return String.format(
        Locale.ROOT,
        "%s %+.1f %%",
        rising ? "rising" : "falling",
        Math.round(change * 1000) / 10.0);
  }

  /**
   * The console's warning; what it advises depends on the point's {@code warmupMode} (its file's
   * {@code warmup_mode}: none, fixed or steady).
   */
  public String warning(String protocol, String warmupMode) {
    String advice =
        "steady".equals(warmupMode)
            ? "use a longer --warmup-max, a smaller --warmup-tolerance or more runs"
            : "use --warmup-mode steady or more runs";
    return String.format(
        Locale.ROOT,
        "warning: %s's kept runs still %s (%+d %% from run %d to run %d): it had not reached steady"
            + " state; %s",
        protocol,
        rising ? "rise" : "fall",
        Math.round(change * 100),
        firstOrder,
        lastOrder,
        advice);
  }

  /** Spearman's rho: the Pearson correlation of the ranks (ties share their mean rank). */
  static double spearman(double[] x, double[] y) {
    double[] rx = ranks(x);
    double[] ry = ranks(y);
    double mx = Arrays.stream(rx).average().orElse(0);
    double my = Arrays.stream(ry).average().orElse(0);
    double sxy = 0;
    double sxx = 0;
    double syy = 0;
    for (int i = 0; i < rx.length; i++) {
      sxy += (rx[i] - mx) * (ry[i] - my);
      sxx += (rx[i] - mx) * (rx[i] - mx);
      syy += (ry[i] - my) * (ry[i] - my);
    }
    return sxx == 0 || syy == 0 ? 0 : sxy / Math.sqrt(sxx * syy);
  }

  /** 1-based ranks; equal values get the mean of the ranks they span. */
  private static double[] ranks(double[] v) {
    Integer[] idx = new Integer[v.length];
    for (int i = 0; i < v.length; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, (a, b) -> Double.compare(v[a], v[b]));
    double[] ranks = new double[v.length];
    for (int i = 0; i < v.length; ) {
      int j = i;
      while (j + 1 < v.length && v[idx[j + 1]] == v[idx[i]]) {
        j++;
      }
      double mean = (i + j) / 2.0 + 1;
      for (int k = i; k <= j; k++) {
        ranks[idx[k]] = mean;
      }
      i = j + 1;
    }
    return ranks;
  }
}
