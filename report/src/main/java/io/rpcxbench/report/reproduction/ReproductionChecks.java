package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.db.RawProtocol;
import java.util.ArrayList;
import java.util.List;

/**
 * The checks of the paper's statements that docs/reproduction.md generates after its tables: the
 * figures' shapes (Spearman's rho of runtime and of RPCX's advantage against threads, per regime
 * and R, {@link ShapeTrends}) and the 600 s limit read per run ({@link PerRunLimit}).
 *
 * <pre>{@code
 * String md = ReproductionChecks.markdown(Regime.all(cleaned, runTimes), ByteLimitModel.load(db));
 * }</pre>
 */
final class ReproductionChecks {
  private ReproductionChecks() {}

  /** Both sections, each starting with a blank line and "## "; empty without regimes. */
  static String markdown(List<Regime> regimes, ByteLimitModel model) {
    StringBuilder sb = new StringBuilder();
    shapes(sb, regimes);
    tpsClaim(sb, regimes);
    perRunLimit(sb, regimes, model);
    return sb.toString();
  }

  /** Spearman's rho of runtime and of RPCX's advantage against threads, per regime and R. */
  private static void shapes(StringBuilder sb, List<Regime> regimes) {
    if (regimes.isEmpty()) {
      return;
    }
    sb.append("\n## The figures' shapes\n\n")
        .append(
            "Spearman's rho of the mean runtime against the thread count at fixed R (complete"
                + " points of the grid; the paper's Figs. 8-10 have runtime rising with threads at"
                + " every R, rho +1), and of RPCX's runtime advantage against the thread count (the"
                + " paper: its advantage holds \"from low threads to high threads\"). A series"
                + " rises or falls only where Spearman's test says so: two-sided p < 0.05, exact"
                + " (every ordering of the points equally likely) up to 9 points and by the t"
                + " approximation on n − 2 degrees of freedom above (in bold in the tables); the"
                + " rest have no trend. A series of 3 or 4 points cannot show a trend at 5 % even in"
                + " perfect order (exact p = 2/3! = 0.33 and 2/4! = 0.083): it is untestable, and"
                + " counted apart. ");
    for (String reading : List.of("thread", "total")) {
      List<Regime> rs =
          regimes.stream().filter(g -> g.series().requestsPer().equals(reading)).toList();
      if (rs.isEmpty()) {
        continue;
      }
      ShapeTrends.Tally t = ShapeTrends.runtimeTally(rs);
      sb.append(rs.get(0).reading()).append(": ").append(tallyText(t)).append(". ");
    }
    sb.append("\n");
    for (Regime g : regimes) {
      sb.append("\n<details><summary>")
          .append(g.name())
          .append(": rho per R</summary>\n\n")
          .append(ShapeTrends.table(g))
          .append("\n</details>\n");
    }
  }

  /**
   * "runtime rises with threads in 13 of the 13 testable series (2 more, of 3 and 4 points, are
   * untestable)", with falls and no-trend series where there are any.
   */
  static String tallyText(ShapeTrends.Tally t) {
    StringBuilder sb =
        new StringBuilder("runtime rises with threads in ")
            .append(t.rising())
            .append(", falls in ")
            .append(t.falling())
            .append(" and has no trend in ")
            .append(t.flat())
            .append(" of the ")
            .append(t.testable())
            .append(" testable series");
    if (t.untestable() > 0) {
      sb.append("; ")
          .append(t.untestable())
          .append(" more series, of ")
          .append(sizes(t.untestableSizes()))
          .append(" points, ")
          .append(t.untestable() == 1 ? "is" : "are")
          .append(" untestable");
    }
    return sb.toString();
  }

  /** "3 and 4", "3, 3 and 4": the sizes, smallest first. */
  static String sizes(List<Integer> sizes) {
    List<String> s = sizes.stream().sorted().map(String::valueOf).toList();
    if (s.size() == 1) {
      return s.get(0);
    }
    return String.join(", ", s.subList(0, s.size() - 1)) + " and " + s.get(s.size() - 1);
  }

  /** Fig. 8b's "TPS decreases as the request volume increases", per regime and protocol. */
  private static void tpsClaim(StringBuilder sb, List<Regime> regimes) {
    if (regimes.isEmpty()) {
      return;
    }
    sb.append("\n## The paper's TPS claim (Fig. 8b)\n\n")
        .append(
            "The paper, of RPCX's Fig. 8b: \"the TPS decreases as the request volume increases\""
                + " (Figs. 9b and 10b say the same of gRPC and OpenFeign). TPS is the paper's Eq."
                + " 3 per run, R / (runtime / 1000), averaged over the kept runs. Counted: the"
                + " thread counts with a complete point at R = 100, 300 and 500 where the average"
                + " TPS falls at both steps of R (and where it rises at both). Three values cannot"
                + " be tested for a trend (exact p of a perfect order of 3: 0.33), so these are the"
                + " orders of the means, not trends.\n\n");
    for (Regime g : regimes) {
      List<String> parts = new ArrayList<>();
      for (RawProtocol p : RawProtocol.PAPER) {
        parts.add(TpsClaim.of(g, p).text());
      }
      sb.append("- ").append(g.name()).append(": ").append(String.join("; ", parts)).append(".\n");
    }
  }

  /** The paper's 600 s limit read per run, per regime. */
  private static void perRunLimit(StringBuilder sb, List<Regime> regimes, ByteLimitModel model) {
    if (regimes.isEmpty()) {
      return;
    }
    sb.append("\n## The time limit read per run\n\n")
        .append(
            "The files' limit is per point (`timeout_per: point`, all 10 runs in `limit_s`). Read"
                + " per run instead (\"the single-cycle communication time exceeds 10 min\"):\n\n");
    for (Regime g : regimes) {
      sb.append("- ")
          .append(g.name())
          .append(": ")
          .append(PerRunLimit.of(g, model).sentence())
          .append(".\n");
    }
  }
}
