package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.db.Protocol;
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

  /** What {@link #lines} found: how many medians moved beyond both sides' spread, of how many. */
  record Moved(int moved, int movedOnBootstrapsAlone, int compared, boolean borrowed) {}

  private Moved last = new Moved(0, 0, 0, false);

  /** The counts of the last {@link #lines} call. */
  Moved moved() {
    return last;
  }

  /**
   * The table's lines (intro, header, rows); empty when no regime is in both. {@code now}: each
   * regime's results as the box computed them; the earlier files' are drawn with {@code bootstrap}.
   * The change's interval holds, besides the two bootstraps, each side's sweep-to-sweep variance of
   * its median: s²/k for k sweeps, s the standard deviation of that side's per-sweep medians; a
   * side of one sweep cannot show its s, so it borrows the other side's.
   */
  List<String> lines(
      Map<Regime, Map<String, AdvantageBootstrap.Result>> now, AdvantageBootstrap bootstrap) {
    List<String> rows = new ArrayList<>();
    int moved = 0;
    int movedAlone = 0;
    int compared = 0;
    boolean borrowed = false;
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
        Protocol rival = rival(e.getKey());
        if (before == null || rival == null) {
          continue;
        }
        List<Double> nowMedians = SweepToSweep.sweepMedians(regime.getKey(), rival);
        List<Double> thenMedians = SweepToSweep.sweepMedians(then, rival);
        double sNow = SweepToSweep.sd(nowMedians);
        double sThen = SweepToSweep.sd(thenMedians);
        borrowed |= Double.isNaN(sThen) != Double.isNaN(sNow);
        double spreadNow = Double.isNaN(sNow) ? sThen : sNow;
        double spreadThen = Double.isNaN(sThen) ? sNow : sThen;
        double extra =
            variance(spreadNow, nowMedians.size()) + variance(spreadThen, thenMedians.size());
        AdvantageBootstrap.Interval alone = e.getValue().medianChangeFrom(before);
        AdvantageBootstrap.Interval change =
            e.getValue()
                .medianChangeFrom(
                    before,
                    extra,
                    // seeded by the comparison itself: the same on every page that shows it
                    bootstrap.seed() + (regime.getKey().name() + "/" + e.getKey()).hashCode());
        if (change == null) {
          continue;
        }
        boolean excludesZero = change.low() > 0 || change.high() < 0;
        compared++;
        moved += excludesZero ? 1 : 0;
        movedAlone += alone.low() > 0 || alone.high() < 0 ? 1 : 0;
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
                + spread(sNow, nowMedians.size())
                + " / "
                + spread(sThen, thenMedians.size())
                + " | "
                + change(change, excludesZero)
                + " | "
                + (first ? origins.of(then).commitsText() : "")
                + " |");
        first = false;
      }
    }
    last = new Moved(moved, movedAlone, compared, borrowed);
    if (rows.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    out.add(
        "Against the earlier sweeps of the same regimes (`--earlier-data`; their commits in the"
            + " last column): RPCX's median advantage from these files and from those, each with"
            + " its 95 % bootstrap interval; the sweep-to-sweep spread of each side's median (s, the"
            + " standard deviation of its per-sweep medians, in points, with its number of sweeps);"
            + " and the change, in percentage points, with an interval that holds the two"
            + " bootstraps and each side's sweep-to-sweep variance of its median, s²/k for k"
            + " sweeps (bold where it excludes 0: the result moved by more than its runs and"
            + " sweeps vary)."
            + (borrowed
                ? " **A side of one sweep cannot show its own sweep-to-sweep spread** (its s is"
                    + " unknown, –): it is taken to be the other side's, an assumption, and an s"
                    + " from 3 sweeps is itself uncertain (2 degrees of freedom)."
                : "")
            + " Moved: "
            + moved
            + " of "
            + compared
            + (movedAlone != moved
                ? " (" + movedAlone + " of " + compared + " on the two bootstraps alone)"
                : "")
            + ".");
    out.add("");
    out.add(
        "| regime | rival | these sweeps | earlier sweeps | sweep spread s, these / earlier |"
            + " change | earlier commits |");
    out.add("|:---|:---|---:|---:|---:|---:|:---|");
    out.addAll(rows);
    return out;
  }

  /** The variance a median of {@code k} sweeps has from sweeps of spread {@code s}; 0 unknown. */
  private static double variance(double s, int k) {
    return Double.isNaN(s) || k == 0 ? 0 : s * s / k;
  }

  /** "1.8 (3)", or "– (1)" where one sweep cannot show a spread. */
  private static String spread(double s, int k) {
    return (Double.isNaN(s) ? "–" : Num.fixed(s, 1)) + " (" + k + ")";
  }

  private static Protocol rival(String label) {
    for (Protocol p : Protocol.PAPER) {
      if (p.label.equals(label) && !p.equals(Protocol.RPCX)) {
        return p;
      }
    }
    return null;
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
