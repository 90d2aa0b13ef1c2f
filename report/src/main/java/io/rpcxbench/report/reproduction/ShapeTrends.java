package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.tables.Cell;
import io.rpcxbench.report.tables.ComparisonTable;
import io.rpcxbench.report.tables.Metric;
import io.rpcxbench.report.tables.PaperGrid;
import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Shift;
import io.rpcxbench.stats.Spearman;
import java.util.ArrayList;
import java.util.List;

/**
 * The shapes of the paper's Figs. 8-10 as statistics: per regime, protocol and request count R,
 * Spearman's rho of the mean runtime against the thread count over the complete points of the grid
 * (the paper's figures have runtime rising with threads at every R); and per rival and R, rho of
 * RPCX's runtime advantage against the thread count (the paper: "from low threads to high
 * threads"). A trend counts only where the rank test says so ({@link ExactSpearman#pTwoSided} under
 * {@value Shift#ALPHA}, exact up to 9 points); a rho of +0.04 over eleven points is no rise, and a
 * series of 4 points or fewer is untestable, whatever its order.
 *
 * <pre>{@code
 * Double rho = ShapeTrends.runtime(regime, RawProtocol.GRPC, 500); // +1.0: rises at every step
 * }</pre>
 */
final class ShapeTrends {
  private ShapeTrends() {}

  /** A rho over {@code n} points and whether it is a trend at {@link Shift#ALPHA}. */
  record Rank(double rho, int n) {
    boolean significant() {
      return ExactSpearman.pTwoSided(rho, n) < Shift.ALPHA;
    }

    /** Whether {@code n} points can show a trend at all (5 or more at 5 %). */
    boolean testable() {
      return ExactSpearman.testable(n, Shift.ALPHA);
    }
  }

  /** Rho of runtime vs threads at R = {@code requests}; null with fewer than 3 complete points. */
  static Double runtime(Regime regime, RawProtocol p, int requests) {
    Rank r = runtimeRank(regime, p, requests);
    return r == null ? null : r.rho();
  }

  /** Rho of RPCX's runtime advantage over {@code rival} vs threads at R = {@code requests}. */
  static Double advantage(Regime regime, RawProtocol rival, int requests) {
    Rank r = advantageRank(regime, rival, requests);
    return r == null ? null : r.rho();
  }

  static Rank runtimeRank(Regime regime, RawProtocol p, int requests) {
    List<double[]> xy = new ArrayList<>();
    for (int t : PaperGrid.THREADS) {
      CleanedPoint c = regime.complete(p, t, requests);
      if (c != null && c.runtimeMs().avg() != null) {
        xy.add(new double[] {t, c.runtimeMs().avg()});
      }
    }
    return rho(xy);
  }

  static Rank advantageRank(Regime regime, RawProtocol rival, int requests) {
    List<double[]> xy = new ArrayList<>();
    for (int t : PaperGrid.THREADS) {
      CleanedPoint r = regime.complete(RawProtocol.RPCX, t, requests);
      CleanedPoint o = regime.complete(rival, t, requests);
      if (r != null && o != null && r.runtimeMs().avg() != null && o.runtimeMs().avg() != null) {
        Double a = Metric.RUNTIME.advantagePercent(r.runtimeMs().avg(), o.runtimeMs().avg());
        if (a != null) {
          xy.add(new double[] {t, a});
        }
      }
    }
    return rho(xy);
  }

  /**
   * Runtime series (protocol x R) of {@code regimes} with a rho: how many rise and fall
   * significantly, how many have too few points to be tested ({@code untestable}, with the most
   * points such a series has); the rest have no trend.
   */
  record Tally(int rising, int falling, int untestable, int series, List<Integer> untestableSizes) {
    Tally(int rising, int falling, int series) {
      this(rising, falling, 0, series, List.of());
    }

    int flat() {
      return series - rising - falling - untestable;
    }

    /** The series that could be tested. */
    int testable() {
      return series - untestable;
    }
  }

  static Tally runtimeTally(List<Regime> regimes) {
    int up = 0;
    int down = 0;
    int n = 0;
    List<Integer> small = new ArrayList<>();
    for (Regime g : regimes) {
      for (RawProtocol p : RawProtocol.PAPER) {
        for (int r : PaperGrid.TABLE_REQUESTS) {
          Rank rank = runtimeRank(g, p, r);
          if (rank != null) {
            n++;
            if (!rank.testable()) {
              small.add(rank.n());
              continue;
            }
            up += rank.significant() && rank.rho() > 0 ? 1 : 0;
            down += rank.significant() && rank.rho() < 0 ? 1 : 0;
          }
        }
      }
    }
    return new Tally(up, down, small.size(), n, List.copyOf(small));
  }

  /** The regime's rho table: one row per R, runtime per protocol, then advantage per rival. */
  static String table(Regime regime) {
    StringBuilder sb = new StringBuilder("| R |");
    StringBuilder align = new StringBuilder("|---:|");
    for (RawProtocol p : RawProtocol.PAPER) {
      sb.append(" runtime ").append(p.label).append(" |");
      align.append("---:|");
    }
    for (RawProtocol o : ComparisonTable.OTHERS) {
      sb.append(" advantage over ").append(o.label).append(" |");
      align.append("---:|");
    }
    sb.append('\n').append(align).append('\n');
    for (int r : PaperGrid.TABLE_REQUESTS) {
      sb.append("| ").append(r).append(" |");
      for (RawProtocol p : RawProtocol.PAPER) {
        sb.append(' ').append(cell(runtimeRank(regime, p, r))).append(" |");
      }
      for (RawProtocol o : ComparisonTable.OTHERS) {
        sb.append(' ').append(cell(advantageRank(regime, o, r))).append(" |");
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** A table cell: the rho, in bold when it is a trend, marked when too few points to test. */
  static String cell(Rank r) {
    if (r == null) {
      return Cell.MISSING;
    }
    String t = text(r.rho());
    if (!r.testable()) {
      return t + " (" + r.n() + " points: untestable)";
    }
    return r.significant() ? "**" + t + "**" : t;
  }

  /** "+1.00", "−0.35", or "–" without a rho. */
  static String text(Double rho) {
    if (rho == null) {
      return Cell.MISSING;
    }
    String s = Num.fixed(rho, 2);
    return s.startsWith("-") ? "−" + s.substring(1) : "+" + s;
  }

  private static Rank rho(List<double[]> xy) {
    double[] x = xy.stream().mapToDouble(v -> v[0]).toArray();
    double[] y = xy.stream().mapToDouble(v -> v[1]).toArray();
    Double rho = Spearman.rho(x, y);
    return rho == null ? null : new Rank(rho, xy.size());
  }
}
