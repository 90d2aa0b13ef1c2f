package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Shift;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The verdict box's table against earlier sweeps of the same regimes ({@code reproduction
 * --earlier-data}): per regime and rival RPCX's typical advantage from these files and from the
 * earlier ones, each with its 95 % interval ({@link RivalAdvantage}), and the change from the same
 * estimator, paired by point: at every point both have, RPCX / rival now against RPCX / rival then.
 * Where its interval leaves out no change, the result moved between the two sets of files by more
 * than it varies from point to point. It does not hold sweep-to-sweep variance (a shift shared by
 * every point of a sweep reads as a change); each side's sweep spread is shown beside it for scale.
 *
 * <pre>{@code
 * List<String> lines = new EarlierSweeps(earlierRegimes, earlierOrigins).lines(resultsByRegime);
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

  /** The earlier sweeps of {@code now}'s regime, or null where there are none. */
  Regime then(Regime now) {
    return earlier.stream().filter(e -> e.series().equals(now.series())).findFirst().orElse(null);
  }

  /** What {@link #lines} found: how many changes leave out no change, of how many tested. */
  record Moved(int moved, int compared) {}

  private Moved last = new Moved(0, 0);

  /** The counts of the last {@link #lines} call. */
  Moved moved() {
    return last;
  }

  /**
   * The table's lines (intro, header, rows); empty when no regime is in both. {@code now}: each
   * regime's results as the box computed them.
   */
  List<String> lines(Map<Regime, Map<String, RivalAdvantage>> now) {
    List<String> rows = new ArrayList<>();
    int moved = 0;
    int compared = 0;
    for (Map.Entry<Regime, Map<String, RivalAdvantage>> regime : now.entrySet()) {
      Regime then = then(regime.getKey());
      if (then == null) {
        continue;
      }
      Map<String, RivalAdvantage> b = RivalAdvantage.of(then.keptRuns());
      boolean first = true;
      for (Map.Entry<String, RivalAdvantage> e : regime.getValue().entrySet()) {
        RivalAdvantage before = b.get(e.getKey());
        RawProtocol rival = rival(e.getKey());
        if (before == null || rival == null || before.pairs() == 0 || e.getValue().pairs() == 0) {
          continue;
        }
        Shift change = change(before, e.getValue());
        compared += change.tested() ? 1 : 0;
        moved += change.significant() ? 1 : 0;
        List<Double> nowTypicals = SweepToSweep.sweepTypicals(regime.getKey(), rival);
        List<Double> thenTypicals = SweepToSweep.sweepTypicals(then, rival);
        rows.add(
            "| "
                + (first ? regime.getKey().name() : "")
                + " | "
                + e.getKey()
                + " | "
                + e.getValue().typicalText()
                + " | "
                + before.typicalText()
                + " | "
                + spread(SweepToSweep.sd(nowTypicals), nowTypicals.size())
                + " / "
                + spread(SweepToSweep.sd(thenTypicals), thenTypicals.size())
                + " | "
                + changeText(change)
                + " | "
                + (first ? origins.of(then).commitsText() : "")
                + " |");
        first = false;
      }
    }
    last = new Moved(moved, compared);
    if (rows.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    out.add(
        "Against the earlier sweeps of the same regimes (`--earlier-data`; their commits in the"
            + " last column): RPCX's typical advantage from these files and from those, each with"
            + " its 95 % interval as above; and the change, from the same estimator paired by"
            + " point: at every point both sets have, RPCX's runtime relative to the rival's now"
            + " over the same then (+: RPCX lost ground, −: it gained), its Hodges-Lehmann figure"
            + " and Wilcoxon 95 % interval, bold where the interval leaves out 0 (moved). It holds"
            + " how the change varies from point to point. **It does not hold sweep-to-sweep"
            + " variance**: a shift shared by every point of a sweep (a busier box that day, one"
            + " set of JVMs' luck) moves all the points together and reads here as a change, and a"
            + " side of one sweep cannot show it. For scale, the sweep spread s: the standard"
            + " deviation of the per-sweep typical advantages (points, with the number of sweeps;"
            + " – with one). Moved: "
            + moved
            + " of "
            + compared
            + ".");
    out.add("");
    out.add(
        "| regime | rival | these sweeps | earlier sweeps | sweep spread s, these / earlier |"
            + " change of RPCX / rival | earlier commits |");
    out.add("|:---|:---|---:|---:|---:|---:|:---|");
    out.addAll(rows);
    return out;
  }

  /**
   * The change of RPCX / rival from {@code then} to {@code now}, paired by the points both have.
   */
  static Shift change(RivalAdvantage then, RivalAdvantage now) {
    List<Double> base = new ArrayList<>();
    List<Double> next = new ArrayList<>();
    now.ratios()
        .forEach(
            (at, ratio) -> {
              Double before = then.ratios().get(at);
              if (before != null) {
                base.add(before);
                next.add(ratio);
              }
            });
    return Shift.paired(array(base), array(next));
  }

  private static double[] array(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** "+17.0 % [+10.1, +24.3]", bold where it leaves out 0; "– (4 pairs; need 6)" untested. */
  private static String changeText(Shift s) {
    if (!s.tested()) {
      return RivalAdvantage.tooFew(s.baseTrials());
    }
    String text = s.changeText();
    return s.significant() ? "**" + text + "**" : text;
  }

  /** "1.8 (3)", or "– (1)" where one sweep cannot show a spread. */
  private static String spread(double s, int k) {
    return (Double.isNaN(s) ? "–" : Num.fixed(s, 1)) + " (" + k + ")";
  }

  /** The rival a result's label names; null for RPCX, {@code both} or another label. */
  static RawProtocol rival(String label) {
    for (RawProtocol p : RawProtocol.PAPER) {
      if (p.label.equals(label) && !p.equals(RawProtocol.RPCX)) {
        return p;
      }
    }
    return null;
  }
}
