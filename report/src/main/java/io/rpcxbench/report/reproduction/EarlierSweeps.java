package io.rpcxbench.report.reproduction;

import io.rpcxbench.stats.Num;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The verdict box's table against earlier sweeps of the same regimes ({@code reproduction
 * --earlier-data}): per regime and rival RPCX's median advantage from these files and from the
 * earlier ones, each with its bootstrap 95 % interval, and the change with the interval of the
 * difference of the two bootstraps. Where that interval excludes 0 the result moved between the two
 * sets of sweeps by more than their runs and sweeps vary: what changed between them (the commit,
 * the box, what ran beside) moved it, which one sweep's interval cannot show.
 *
 * <pre>{@code
 * List<String> lines = new EarlierSweeps(earlierRegimes, earlierOrigins).lines(resultsByRegime, bootstrap);
 * }</pre>
 */
final class EarlierSweeps {
  private final List<Regime> earlier;
  private final SweepOrigins origins;

  /** {@code earlier}: the earlier files' regimes; {@code origins}: their commits. */
  EarlierSweeps(List<Regime> earlier, SweepOrigins origins) {
    this.earlier = earlier;
    this.origins = origins;
  }

  /**
   * The table's lines (intro, header, rows); empty when no regime is in both. {@code now}: each
   * regime's results as the box computed them; the earlier files' are drawn with {@code bootstrap}.
   */
  List<String> lines(
      Map<Regime, Map<String, AdvantageBootstrap.Result>> now, AdvantageBootstrap bootstrap) {
    List<String> rows = new ArrayList<>();
    int moved = 0;
    int compared = 0;
    for (Map.Entry<Regime, Map<String, AdvantageBootstrap.Result>> regime : now.entrySet()) {
      Regime then =
          earlier.stream()
              .filter(e -> e.series().equals(regime.getKey().series()))
              .findFirst()
              .orElse(null);
      if (then == null) {
        continue;
      }
      Map<String, AdvantageBootstrap.Result> a = regime.getValue();
      Map<String, AdvantageBootstrap.Result> b = bootstrap.run(then.keptRuns());
      boolean first = true;
      for (Map.Entry<String, AdvantageBootstrap.Result> e : a.entrySet()) {
        AdvantageBootstrap.Result before = b.get(e.getKey());
        if (before == null || e.getKey().equals(AdvantageBootstrap.BOTH)) {
          continue;
        }
        AdvantageBootstrap.Interval change = e.getValue().medianChangeFrom(before);
        if (change == null) {
          continue;
        }
        boolean excludesZero = change.low() > 0 || change.high() < 0;
        compared++;
        moved += excludesZero ? 1 : 0;
        rows.add(
            "| "
                + (first ? regime.getKey().name() : "")
                + " | "
                + e.getKey()
                + " | "
                + VerdictBox.interval(e.getValue().median())
                + " | "
                + VerdictBox.interval(before.median())
                + " | "
                + change(change, excludesZero)
                + " | "
                + (first ? origins.of(then).commitsText() : "")
                + " |");
        first = false;
      }
    }
    if (rows.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    out.add(
        "Against the earlier sweeps of the same regimes (`--earlier-data`; their commits in the"
            + " last column): RPCX's median advantage from these files and from those, each with"
            + " its 95 % bootstrap interval, and the change, in percentage points, with the"
            + " interval of the difference of the two bootstraps (bold where it excludes 0: the"
            + " result moved by more than its runs and sweeps vary). Moved: "
            + moved
            + " of "
            + compared
            + ".");
    out.add("");
    out.add("| regime | rival | these sweeps | earlier sweeps | change | earlier commits |");
    out.add("|:---|:---|---:|---:|---:|:---|");
    out.addAll(rows);
    return out;
  }

  private static String change(AdvantageBootstrap.Interval i, boolean bold) {
    String text = signed(i.estimate()) + " [" + signed(i.low()) + ", " + signed(i.high()) + "]";
    return bold ? "**" + text + "**" : text;
  }

  /**
   * One decimal, a sign before a positive value; a value near but not 0 gets the decimals that show
   * its sign, so a bound that excludes 0 never reads as 0.
   */
  static String signed(double v) {
    int decimals = 1;
    while (v != 0 && decimals < 6 && Num.fixed(v, decimals).matches("0\\.0*")) {
      decimals++;
    }
    String s = Num.fixed(v, decimals);
    return v > 0 && !s.startsWith("+") ? "+" + s : s;
  }
}
