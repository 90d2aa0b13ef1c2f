package io.rpcxbench.report.reproduction;

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
                + " rises or falls only where Spearman's test says so: two-sided p < 0.05 by the t"
                + " approximation on n − 2 degrees of freedom (in bold in the tables); the rest"
                + " have no trend. ");
    for (String reading : List.of("thread", "total")) {
      List<Regime> rs =
          regimes.stream().filter(g -> g.series().requestsPer().equals(reading)).toList();
      if (rs.isEmpty()) {
        continue;
      }
      ShapeTrends.Tally t = ShapeTrends.runtimeTally(rs);
      sb.append(rs.get(0).reading())
          .append(": runtime rises with threads in ")
          .append(t.rising())
          .append(", falls in ")
          .append(t.falling())
          .append(" and has no trend in ")
          .append(t.flat())
          .append(" of ")
          .append(t.series())
          .append(" series. ");
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
