package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.db.Protocol;
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
 * paper's 55.9-88.9 % holds, (3) the regime it fits best and how closely, (4) how sure all this is
 * (sweeps, what the one estimator's intervals hold and what they do not), (5) what stays untested.
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
    int pairs = 0;
    int faster = 0;
    int everySweep = 0;
    int rows = 0;
    int above = 0;
    int tested = 0;
    int at95 = 0;
    double smallest = Double.POSITIVE_INFINITY;
    String where = "";
    for (Map.Entry<Regime, Map<String, RivalAdvantage>> e : results.entrySet()) {
      for (RivalAdvantage r : e.getValue().values()) {
        if (r.rival().equals(RivalAdvantage.BOTH) || r.pairs() == 0) {
          continue;
        }
        pairs += r.pairs();
        faster += r.faster();
        everySweep += r.everySweepFaster();
        tested += r.tested();
        at95 += r.fasterAt95();
        if (r.typical().tested()) {
          rows++;
          above += r.typicalAboveZero() ? 1 : 0;
          if (r.typicalLowerBound() < smallest) {
            smallest = r.typicalLowerBound();
            where = e.getKey().name() + ", over " + r.rival();
          }
        }
      }
    }
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
    TpsClaim rpcx = TpsClaim.of(fit, Protocol.RPCX);
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

  private String howSure() {
    int min = Integer.MAX_VALUE;
    int max = 0;
    TreeSet<String> commits = new TreeSet<>();
    double lowWarm = Double.POSITIVE_INFINITY;
    double highWarm = 0;
    for (Regime g : regimes) {
      min = Math.min(min, g.minSweeps());
      max = Math.max(max, g.maxSweeps());
      commits.addAll(origins.of(g).commits().keySet());
      for (Protocol p : Protocol.PAPER) {
        Double w = WarmUpTrend.median(g, p);
        if (w != null) {
          lowWarm = Math.min(lowWarm, w);
          highWarm = Math.max(highWarm, w);
        }
      }
    }
    commits.remove(SweepOrigins.UNRECORDED);
    StringBuilder sb = new StringBuilder("**How sure?** ");
    sb.append(
            min == max
                ? capitalized(times(max)) + " a point"
                : min + " to " + max + " sweeps a point")
        .append(
            commits.isEmpty()
                ? ""
                : commits.size() == 1
                    ? ", one commit (`" + commits.first() + "` in the files)"
                    : ", " + commits.size() + " commits")
        .append(
            ". Each [low, high] is the 95 % interval of the one estimator the tool tests with"
                + " (Hodges-Lehmann, Wilcoxon's signed rank, paired by point) for the typical"
                + " advantage over the grid: it holds how the advantage varies from point to point"
                + " on this box and code, not a shift shared by a whole sweep, nor how another"
                + " commit or box moves the result");
    if (moved != null && moved.compared() > 0) {
      sb.append(" (against earlier sweeps, paired by point: ")
          .append(moved.moved())
          .append(" of ")
          .append(moved.compared())
          .append(" moved)");
    }
    sb.append(
        max >= Shift.MIN_PER_SIDE
            ? "; a point's sweeps are its trials, and a point with "
                + Shift.MIN_PER_SIDE
                + " a side is tested on its own"
            : max >= 2
                ? "; a point's sweeps are its trials, "
                    + max
                    + " a side, too few to test a point on its own (it takes "
                    + Shift.MIN_PER_SIDE
                    + ")"
                : "; one sweep a point is one trial a side, so no point is tested on its own");
    if (highWarm > 0) {
      sb.append("; runs are averaged inside each sweep, never taken as independent (runs 1-3 take ")
          .append(
              Num.fixed(lowWarm, 2).equals(Num.fixed(highWarm, 2))
                  ? Num.fixed(lowWarm, 2)
                  : Num.fixed(lowWarm, 2) + "-" + Num.fixed(highWarm, 2))
          .append("x as long as runs 7-9)");
    }
    return sb.append('.').toString();
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
