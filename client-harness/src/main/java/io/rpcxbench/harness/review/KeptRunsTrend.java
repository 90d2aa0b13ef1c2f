package io.rpcxbench.harness.review;

import io.rpcxbench.raw.RunRow;
import io.rpcxbench.stats.Trend;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A point whose kept runs still trend: their throughput rises (or falls) with the run's order, so
 * the point had not reached steady state and their mean is a figure of the ramp. The rule is the
 * engine's {@link Trend} (at least 4 kept runs, Spearman's rho of throughput against order at least
 * 0.9 in size, a change from the first kept run to the last of more than 10 %), the same Spearman's
 * rho as the report's trend statistics; this record words it for the console and the provenance.
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

  /** The trend of {@code kept}, if they still trend by the rule above. */
  public static Optional<KeptRunsTrend> of(KeptRuns kept) {
    List<RunRow> rows = kept.rows();
    double[] orders = rows.stream().mapToDouble(RunRow::order).toArray();
    double[] throughput = rows.stream().mapToDouble(RunRow::throughput).toArray();
    return Trend.of(orders, throughput)
        .map(
            t ->
                new KeptRunsTrend(
                    t.rising(),
                    t.change(),
                    rows.get(0).order(),
                    rows.get(rows.size() - 1).order()));
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
}
