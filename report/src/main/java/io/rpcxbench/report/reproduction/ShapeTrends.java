package io.rpcxbench.report.reproduction;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.db.Protocol;
import io.rpcxbench.report.tables.Cell;
import io.rpcxbench.report.tables.ComparisonTable;
import io.rpcxbench.report.tables.Metric;
import io.rpcxbench.report.tables.PaperGrid;
import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.Spearman;
import java.util.ArrayList;
import java.util.List;

/**
 * The shapes of the paper's Figs. 8-10 as statistics: per regime, protocol and request count R,
 * Spearman's rho of the mean runtime against the thread count over the complete points of the grid
 * (the paper's figures have runtime rising with threads at every R); and per rival and R, rho of
 * RPCX's runtime advantage against the thread count (the paper: "from low threads to high
 * threads").
 *
 * <pre>{@code
 * Double rho = ShapeTrends.runtime(regime, Protocol.GRPC, 500); // +1.0: rises at every step
 * }</pre>
 */
final class ShapeTrends {
  private ShapeTrends() {}

  /** Rho of runtime vs threads at R = {@code requests}; null with fewer than 3 complete points. */
  static Double runtime(Regime regime, Protocol p, int requests) {
    List<double[]> xy = new ArrayList<>();
    for (int t : PaperGrid.THREADS) {
      CleanedPoint c = regime.complete(p, t, requests);
      if (c != null && c.runtimeMs().avg() != null) {
        xy.add(new double[] {t, c.runtimeMs().avg()});
      }
    }
    return rho(xy);
  }

  /** Rho of RPCX's runtime advantage over {@code rival} vs threads at R = {@code requests}. */
  static Double advantage(Regime regime, Protocol rival, int requests) {
    List<double[]> xy = new ArrayList<>();
    for (int t : PaperGrid.THREADS) {
      CleanedPoint r = regime.complete(Protocol.RPCX, t, requests);
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

  /** Counts of runtime series (protocol x R) of {@code regimes} that rise, fall, or have no rho. */
  record Tally(int rising, int falling, int series) {}

  static Tally runtimeTally(List<Regime> regimes) {
    int up = 0;
    int down = 0;
    int n = 0;
    for (Regime g : regimes) {
      for (Protocol p : Protocol.PAPER) {
        for (int r : PaperGrid.TABLE_REQUESTS) {
          Double rho = runtime(g, p, r);
          if (rho != null) {
            n++;
            up += rho > 0 ? 1 : 0;
            down += rho < 0 ? 1 : 0;
          }
        }
      }
    }
    return new Tally(up, down, n);
  }

  /** The regime's rho table: one row per R, runtime per protocol, then advantage per rival. */
  static String table(Regime regime) {
    StringBuilder sb = new StringBuilder("| R |");
    StringBuilder align = new StringBuilder("|---:|");
    for (Protocol p : Protocol.PAPER) {
      sb.append(" runtime ").append(p.label).append(" |");
      align.append("---:|");
    }
    for (Protocol o : ComparisonTable.OTHERS) {
      sb.append(" advantage over ").append(o.label).append(" |");
      align.append("---:|");
    }
    sb.append('\n').append(align).append('\n');
    for (int r : PaperGrid.TABLE_REQUESTS) {
      sb.append("| ").append(r).append(" |");
      for (Protocol p : Protocol.PAPER) {
        sb.append(' ').append(text(runtime(regime, p, r))).append(" |");
      }
      for (Protocol o : ComparisonTable.OTHERS) {
        sb.append(' ').append(text(advantage(regime, o, r))).append(" |");
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** "+1.00", "−0.35", or "–" without a rho. */
  static String text(Double rho) {
    if (rho == null) {
      return Cell.MISSING;
    }
    String s = Num.fixed(rho, 2);
    return s.startsWith("-") ? "−" + s.substring(1) : "+" + s;
  }

  private static Double rho(List<double[]> xy) {
    double[] x = xy.stream().mapToDouble(v -> v[0]).toArray();
    double[] y = xy.stream().mapToDouble(v -> v[1]).toArray();
    return Spearman.rho(x, y);
  }
}
