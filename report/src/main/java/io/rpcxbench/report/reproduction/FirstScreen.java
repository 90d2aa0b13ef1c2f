package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.db.Protocol;
import io.rpcxbench.report.tables.Metric;
import io.rpcxbench.stats.Num;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The five lines a reader of a reproduction page gets in 30 seconds, each computed from the same
 * results as the tables under them: (1) whether RPCX is faster and how surely, (2) whether the
 * paper's 55.9-88.9 % holds, (3) the regime it fits best and how closely, (4) how sure all this is
 * (sweeps, what the intervals hold and what they do not), (5) what stays untested.
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
  private final Map<Regime, Map<String, AdvantageBootstrap.Result>> results;
  private final SweepOrigins origins;
  private final EarlierSweeps.Moved moved;

  /** {@code moved}: the comparison with earlier sweeps, or null without one. */
  FirstScreen(
      List<Regime> regimes,
      Map<Regime, Map<String, AdvantageBootstrap.Result>> results,
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
  static AdvantageBootstrap.Result pooled(Map<String, AdvantageBootstrap.Result> r) {
    AdvantageBootstrap.Result both = r.get(AdvantageBootstrap.BOTH);
    return both != null ? both : r.values().stream().findFirst().orElse(null);
  }

  private String faster() {
    int pairs = 0;
    int faster = 0;
    int at95 = 0;
    double smallest = Double.POSITIVE_INFINITY;
    String where = "";
    for (Map.Entry<Regime, Map<String, AdvantageBootstrap.Result>> e : results.entrySet()) {
      for (AdvantageBootstrap.Result r : e.getValue().values()) {
        if (r.rival().equals(AdvantageBootstrap.BOTH) || r.pairs() == 0) {
          continue;
        }
        pairs += r.pairs();
        faster += r.faster();
        at95 += r.fasterAt95();
        if (r.smallestLowerBound() < smallest) {
          smallest = r.smallestLowerBound();
          where = e.getKey().name() + ", over " + r.rival();
        }
      }
    }
    if (pairs == 0) {
      return "**Is RPCX faster?** No pair of RPCX and a rival finished in these files.";
    }
    String verdict =
        faster == pairs && at95 == pairs
            ? "Yes, everywhere"
            : faster == pairs ? "Yes on the means, not everywhere surely" : "Not everywhere";
    return "**Is RPCX faster? "
        + verdict
        + ":** at "
        + faster
        + " of "
        + pairs
        + " complete pairs ("
        + regimes.size()
        + (regimes.size() == 1 ? " regime" : " regimes")
        + ", each rival counted apart), "
        + (at95 == pairs ? "each" : at95 + " of them")
        + " with its whole 95 % interval above 0 (smallest lower bound "
        + Num.fixed(smallest, 1)
        + " %, "
        + where
        + ").";
  }

  private String range() {
    int whole = 0;
    List<String> parts = new ArrayList<>();
    for (Map.Entry<Regime, Map<String, AdvantageBootstrap.Result>> e : results.entrySet()) {
      AdvantageBootstrap.Result r = pooled(e.getValue());
      if (r == null || r.pairs() == 0) {
        continue;
      }
      whole +=
          r.low().estimate() >= Metric.RUNTIME.paperLow
                  && r.high().estimate() <= Metric.RUNTIME.paperHigh
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
    for (Map.Entry<Regime, Map<String, AdvantageBootstrap.Result>> e : results.entrySet()) {
      AdvantageBootstrap.Result r = pooled(e.getValue());
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
    for (AdvantageBootstrap.Result r : results.get(fit).values()) {
      if (!r.rival().equals(AdvantageBootstrap.BOTH) && r.pairs() > 0) {
        rivals.add(closeness(r));
      }
    }
    sb.append(capitalized(String.join("; ", rivals))).append('.');
    if (shaped && mostInside != fit) {
      AdvantageBootstrap.Result r = pooled(results.get(mostInside));
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
   * "over gRPC inside at 33 of 33 pairs (median 73.3 % [71.4, 74.8])", or above/below it with how
   * far the median lies from the range's end.
   */
  static String closeness(AdvantageBootstrap.Result r) {
    double lo = Metric.RUNTIME.paperLow;
    double hi = Metric.RUNTIME.paperHigh;
    double m = r.median().estimate();
    String median = "median " + VerdictBox.interval(r.median());
    if (m >= lo && m <= hi) {
      return "over "
          + r.rival()
          + " inside at "
          + r.insidePaper()
          + " of "
          + r.pairs()
          + " pairs ("
          + median
          + ")";
    }
    boolean above = m > hi;
    return "over "
        + r.rival()
        + " "
        + (above ? "above" : "below")
        + " it ("
        + median
        + ", "
        + Num.fixed(Math.abs(m - (above ? hi : lo)), 1)
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
        .append(". The intervals ([low, high]) are 95 % bootstraps over each point's ")
        .append(max >= 2 ? "sweeps and runs" : "runs");
    if (max >= 2) {
      sb.append(
          ": they hold how runs and sweeps vary on this box and code, not how another commit or"
              + " box moves the result");
      if (moved != null && moved.compared() > 0) {
        sb.append(" (against earlier sweeps: ")
            .append(moved.moved())
            .append(" of ")
            .append(moved.compared())
            .append(" medians moved by more than both sides vary)");
      }
      sb.append("; they rest on ")
          .append(max)
          .append(" sweeps (")
          .append((long) Math.pow(max, max))
          .append(" possible draws a point)");
    } else {
      sb.append(
          ": with one sweep a point they hold run-to-run spread only, not sweep to sweep, and are"
              + " narrower than the truth");
    }
    if (highWarm > 0) {
      sb.append("; and they draw a point's runs as independent, which they are not (runs 1-3 take ")
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
