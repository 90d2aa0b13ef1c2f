package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.tables.Metric;
import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Shift;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The five lines a reader of a reproduction page gets in 30 seconds, each computed from the same
 * results as the tables under them: (1) whether RPCX is faster and how surely, (2) whether the
 * paper's 55.9-88.9 % holds, (3) the regime it fits best and how closely, (4) how sure, in two
 * short sentences a newcomer can repeat (the direction, then the sizes), (5) what stays untested.
 *
 * <p>"Fits best" is a rule, stated on the page: among the regimes with the shape of the paper's
 * Figs. 8-10 (runtime rising with threads in every series that can be tested), the one with the
 * largest share of pairs inside the paper's range; without such a regime, the largest share alone.
 *
 * <pre>{@code
 * List<String> five = new FirstScreen(regimes, results, origins, moved).lines();
 * }</pre>
 */
final class FirstScreen {
  /** Where the untested statements are listed, with their reasons. */
  static final String UNTESTED_LINK = "reproduction.md#what-stays-untested";

  private final List<Regime> regimes;
  private final Map<Regime, Map<String, RivalAdvantage>> results;
  private final SweepOrigins origins;
  private final EarlierSweeps.Moved moved;

  /** {@code moved}: the comparison with earlier sweeps, or null without one. */
  FirstScreen(
      List<Regime> regimes,
      Map<Regime, Map<String, RivalAdvantage>> results,
      SweepOrigins origins,
      EarlierSweeps.Moved moved) {
    this.regimes = regimes;
    this.results = results;
    this.origins = origins;
    this.moved = moved;
  }

  /** The five lines, as a numbered Markdown list (no blockquote marks). */
  List<String> lines() {
    return List.of(
        "1. " + faster(),
        "2. " + range(),
        "3. " + bestFit(),
        "4. " + howSure(),
        "5. " + untested());
  }

  /** The pooled result of a regime: both rivals, or the one rival it has. */
  static RivalAdvantage pooled(Map<String, RivalAdvantage> r) {
    RivalAdvantage both = r.get(RivalAdvantage.BOTH);
    return both != null ? both : r.values().stream().findFirst().orElse(null);
  }

  private String faster() {
    RivalWins w = RivalWins.over(results);
    int pairs = w.pairs();
    int faster = w.faster();
    int everySweep = w.everySweep();
    int rows = w.rows();
    int above = w.above();
    int tested = w.tested();
    int at95 = w.at95();
    double smallest = w.smallest();
    String where = w.where();
    if (pairs == 0) {
      return "**Is RPCX faster?** No pair of RPCX and a rival finished in these files.";
    }
    String verdict =
        faster < pairs
            ? "Not everywhere"
            : rows == 0
                ? "Yes on the means, untested"
                : above < rows
                    ? "Yes on the means, not surely everywhere"
                    : everySweep < pairs ? "Yes, though not in every sweep" : "Yes, everywhere";
    int sweeps = regimes.stream().mapToInt(Regime::maxSweeps).max().orElse(0);
    StringBuilder sb =
        new StringBuilder("**Is RPCX faster? ")
            .append(verdict)
            .append(":** at ")
            .append(faster)
            .append(" of ")
            .append(pairs)
            .append(" complete pairs (")
            .append(regimes.size())
            .append(regimes.size() == 1 ? " regime" : " regimes")
            .append(", each rival counted apart)");
    if (sweeps > 1) {
      sb.append(", ")
          .append(everySweep == pairs ? "each" : everySweep + " of them")
          .append(" in every one of its sweeps");
    }
    if (rows > 0) {
      sb.append("; its typical advantage over the grid has its whole 95 % interval above 0 in ")
          .append(above == rows ? "each of the " + rows : above + " of " + rows)
          .append(" regime-and-rival rows with ")
          .append(Shift.MIN_PAIRS)
          .append(" pairs or more (smallest lower bound ")
          .append(Num.fixed(smallest, 1))
          .append(" %, ")
          .append(where)
          .append(")");
    }
    return sb.append(
            tested == 0
                ? ". No single pair has a 95 % claim: that takes "
                    + Shift.MIN_PER_SIDE
                    + " sweeps a side, the trials of a point."
                : ". Of the "
                    + tested
                    + " pairs with "
                    + Shift.MIN_PER_SIDE
                    + " sweeps a side or more, RPCX is significantly faster at "
                    + at95
                    + ".")
        .toString();
  }

  private String range() {
    int whole = 0;
    List<String> parts = new ArrayList<>();
    for (Map.Entry<Regime, Map<String, RivalAdvantage>> e : results.entrySet()) {
      RivalAdvantage r = pooled(e.getValue());
      if (r == null || r.pairs() == 0) {
        continue;
      }
      whole +=
          r.smallest() >= Metric.RUNTIME.paperLow && r.largest() <= Metric.RUNTIME.paperHigh
              ? 1
              : 0;
      parts.add(e.getKey().name() + " " + r.insidePaper() + " of " + r.pairs());
    }
    String n = regimes.size() == 1 ? "the one regime" : "the " + regimes.size() + " regimes";
    return "**Does the paper's 55.9-88.9 % hold? "
        + (whole == 0
            ? "Not as a whole, in " + (regimes.size() == 1 ? n : "any of " + n)
            : "As a whole in " + whole + " of " + n)
        + "**"
        + " (smallest and largest advantage both inside the range); pairs inside, both rivals"
        + " together: "
        + String.join("; ", parts)
        + ".";
  }

  private String bestFit() {
    Regime best = null;
    double bestShare = -1;
    Regime mostInside = null;
    double mostShare = -1;
    for (Map.Entry<Regime, Map<String, RivalAdvantage>> e : results.entrySet()) {
      RivalAdvantage r = pooled(e.getValue());
      if (r == null || r.pairs() == 0) {
        continue;
      }
      double share = (double) r.insidePaper() / r.pairs();
      if (share > mostShare) {
        mostShare = share;
        mostInside = e.getKey();
      }
      if (hasPaperShape(e.getKey()) && share > bestShare) {
        bestShare = share;
        best = e.getKey();
      }
    }
    if (mostInside == null) {
      return "**Where does it fit best?** No regime has a complete pair.";
    }
    boolean shaped = best != null;
    Regime fit = shaped ? best : mostInside;
    StringBuilder sb = new StringBuilder("**Where does it fit best? ").append(fit.name());
    sb.append(
        shaped
            ? ":** of the regimes with the shape of the paper's Figs. 8-10 (here "
                + shape(fit)
                + "), the one with the largest share of pairs inside. "
            : ":** the largest share of pairs inside; no regime has the paper's shape (runtime rising with"
                + " threads in every testable series). ");
    List<String> rivals = new ArrayList<>();
    for (RivalAdvantage r : results.get(fit).values()) {
      if (!r.rival().equals(RivalAdvantage.BOTH) && r.pairs() > 0) {
        rivals.add(closeness(r));
      }
    }
    sb.append(capitalized(String.join("; ", rivals))).append('.');
    if (shaped && mostInside != fit) {
      RivalAdvantage r = pooled(results.get(mostInside));
      sb.append(" ")
          .append(mostInside.name())
          .append(" has more pairs inside (")
          .append(r.insidePaper())
          .append(" of ")
          .append(r.pairs())
          .append(") but not the shape (")
          .append(shape(mostInside))
          .append(").");
    }
    TpsClaim rpcx = TpsClaim.of(fit, RawProtocol.RPCX);
    if (rpcx.threadCounts() > 0) {
      sb.append(
              " Against the fit: Fig. 8b's \"TPS decreases as the request volume increases\""
                  + " holds for RPCX at ")
          .append(rpcx.falling())
          .append(" of ")
          .append(rpcx.threadCounts())
          .append(" thread counts there.");
    }
    return sb.toString();
  }

  /** "runtime rises with threads in all 9 testable series", or the counts that differ. */
  static String shape(Regime g) {
    ShapeTrends.Tally t = ShapeTrends.runtimeTally(List.of(g));
    if (t.testable() > 0 && t.rising() == t.testable()) {
      return "runtime rises with threads in all " + t.testable() + " testable series";
    }
    if (t.testable() > 0 && t.flat() == t.testable()) {
      return "runtime has no trend in threads in any of " + t.testable() + " series";
    }
    return ReproductionChecks.tallyText(t);
  }

  private static String capitalized(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  /** The paper's figures' shape: runtime rises with threads in every testable series (and one). */
  static boolean hasPaperShape(Regime g) {
    ShapeTrends.Tally t = ShapeTrends.runtimeTally(List.of(g));
    return t.testable() > 0 && t.rising() == t.testable();
  }

  /**
   * "over gRPC inside at 33 of 33 pairs (typical 73.4 % [71.2, 75.0])", or above/below it with how
   * far the typical advantage lies from the range's end; by the median pair where the pairs are too
   * few for the paired test.
   */
  static String closeness(RivalAdvantage r) {
    double lo = Metric.RUNTIME.paperLow;
    double hi = Metric.RUNTIME.paperHigh;
    Double typical = r.typicalAdvantage();
    String text = "typical " + r.typicalText();
    if (typical == null) {
      return "over "
          + r.rival()
          + " "
          + r.insidePaper()
          + " of "
          + r.pairs()
          + " pairs inside ("
          + text
          + ")";
    }
    if (typical >= lo && typical <= hi) {
      return "over "
          + r.rival()
          + " inside at "
          + r.insidePaper()
          + " of "
          + r.pairs()
          + " pairs ("
          + text
          + ")";
    }
    boolean above = typical > hi;
    return "over "
        + r.rival()
        + " "
        + (above ? "above" : "below")
        + " it ("
        + text
        + ", "
        + Num.fixed(Math.abs(typical - (above ? hi : lo)), 1)
        + " points "
        + (above ? "over " + Num.fixed(hi, 1) : "under " + Num.fixed(lo, 1))
        + " %; "
        + r.insidePaper()
        + " of "
        + r.pairs()
        + " pairs inside)";
  }

  /**
   * Two short sentences: how sure the direction is ("Solid that RPCX is faster: ..."), then how
   * thin the sizes are (sweeps a point, commits, CPUs, and how many rows moved against earlier
   * sweeps). What the intervals hold and do not is told in the box's folds below.
   */
  private String howSure() {
    RivalWins w = RivalWins.over(results);
    int most = regimes.stream().mapToInt(Regime::maxSweeps).max().orElse(0);
    String inSweeps = most > 1 ? " in every sweep" : " in its one sweep";
    String direction;
    if (w.pairs() == 0) {
      direction = "Nothing to be sure of: no complete pair.";
    } else if (w.solid()) {
      direction =
          "Solid that RPCX is faster: it won all "
              + w.pairs()
              + " pairs"
              + inSweeps
              + ", and every row's 95 % interval lies above 0.";
    } else if (w.faster() == w.pairs() && w.rows() > 0 && w.above() == w.rows()) {
      direction =
          "Fairly sure that RPCX is faster: it won all "
              + w.pairs()
              + " pairs on the means and every row's 95 % interval lies above 0, but "
              + (w.pairs() - w.everySweep())
              + " pairs not in every sweep.";
    } else if (w.faster() == w.pairs()) {
      direction =
          "Thin that RPCX is faster: it won all "
              + w.pairs()
              + " pairs on the means, but "
              + (w.rows() == 0
                  ? "no row has pairs enough to test."
                  : "only " + w.above() + " of " + w.rows() + " rows' intervals lie above 0.");
    } else {
      direction =
          "Not sure that RPCX is faster: it won " + w.faster() + " of " + w.pairs() + " pairs.";
    }
    int min = Integer.MAX_VALUE;
    int max = 0;
    TreeSet<String> commits = new TreeSet<>();
    TreeSet<String> cpus = new TreeSet<>();
    for (Regime g : regimes) {
      min = Math.min(min, g.minSweeps());
      max = Math.max(max, g.maxSweeps());
      commits.addAll(origins.of(g).commits().keySet());
      cpus.addAll(origins.of(g).cpus().keySet());
    }
    commits.remove(SweepOrigins.UNRECORDED);
    cpus.remove(SweepOrigins.UNRECORDED);
    boolean movedSome = moved != null && moved.moved() > 0;
    boolean thin = max < Shift.MIN_PER_SIDE || movedSome || commits.size() <= 1 || cpus.size() <= 1;
    List<String> basis = new ArrayList<>();
    basis.add(min == max ? times(max) + " a point" : min + " to " + max + " sweeps a point");
    if (!commits.isEmpty()) {
      basis.add(commits.size() == 1 ? "one commit" : commits.size() + " commits");
    }
    if (!cpus.isEmpty()) {
      basis.add(cpus.size() == 1 ? "one box" : cpus.size() + " CPUs");
    }
    String sizes =
        (thin ? "Thin for the sizes: " : "Firmer for the sizes: ")
            + String.join(", ", basis)
            + (moved == null || moved.compared() == 0
                ? ""
                : ", and "
                    + moved.moved()
                    + " of "
                    + moved.compared()
                    + " rows moved against earlier sweeps")
            + ".";
    return "**How sure?** " + direction + " " + sizes;
  }

  private static String times(int n) {
    return switch (n) {
      case 1 -> "one sweep";
      default -> n + " sweeps";
    };
  }

  private static String untested() {
    return "**Untested:** the paper's per-point values and software versions (its Tables 1-4 are"
        + " images, absent from the text this project has), its wire (a random long id; ours"
        + " counts), \"α < 10\", its full step-10 grid (we ran its Tables' grid), the grid on JDK"
        + " 8, and which of RPCX's design choices makes it faster (no ablation): [what stays"
        + " untested]("
        + UNTESTED_LINK
        + ").";
  }
}
