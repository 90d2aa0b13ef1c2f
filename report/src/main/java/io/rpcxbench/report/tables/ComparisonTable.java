package io.rpcxbench.report.tables;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.stats.Num;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Table 3 or 4 of the paper: for each thread count (rows) and request count (column groups) the
 * metric per protocol and RPCX's advantage over gRPC and over OpenFeign in percent.
 */
public final class ComparisonTable {
  public static final List<RawProtocol> OTHERS = List.of(RawProtocol.GRPC, RawProtocol.OPENFEIGN);

  /** One (threads, requests) pair: a cell per protocol and one advantage per other protocol. */
  public record Row(
      int threads, int requests, Map<RawProtocol, Cell> values, Map<RawProtocol, Cell> advantage) {}

  /** Smallest and largest advantage in a table; both null when no percentage could be computed. */
  record Range(Double min, Double max) {
    String text() {
      return min == null ? Cell.MISSING : Num.fixed(min, 1) + "–" + Num.fixed(max, 1) + " %";
    }
  }

  public final Metric metric;
  public final List<Integer> threads;
  public final List<Integer> requests;
  final List<Row> rows;

  private ComparisonTable(
      Metric metric, List<Integer> threads, List<Integer> requests, List<Row> rows) {
    this.metric = metric;
    this.threads = threads;
    this.requests = requests;
    this.rows = rows;
  }

  /**
   * Builds the table of the paper's three protocols on the grid chosen by {@link PaperGrid#choose}.
   */
  public static ComparisonTable build(Metric metric, Measurements m) {
    List<Integer> threads = List.copyOf(PaperGrid.choose(m.threads(null), PaperGrid.THREADS));
    List<Integer> requests =
        List.copyOf(PaperGrid.choose(m.requests(null), PaperGrid.TABLE_REQUESTS));
    List<Row> rows = new ArrayList<>();
    for (int t : threads) {
      for (int r : requests) {
        Map<RawProtocol, Cell> values = new LinkedHashMap<>();
        for (RawProtocol p : RawProtocol.PAPER) {
          Optional<CleanedPoint> point = m.get(p, t, r);
          String marker = Measurements.marker(point);
          values.put(
              p, marker != null ? Cell.marker(marker) : Cell.of(metric.value.apply(point.get())));
        }
        Map<RawProtocol, Cell> advantage = new LinkedHashMap<>();
        Double rpcx = values.get(RawProtocol.RPCX).value();
        for (RawProtocol other : OTHERS) {
          Double o = values.get(other).value();
          advantage.put(
              other, Cell.of(rpcx == null || o == null ? null : metric.advantagePercent(rpcx, o)));
        }
        rows.add(new Row(t, r, values, advantage));
      }
    }
    return new ComparisonTable(metric, threads, requests, List.copyOf(rows));
  }

  public Row row(int threads, int requests) {
    return rows.stream()
        .filter(r -> r.threads == threads && r.requests == requests)
        .findFirst()
        .orElseThrow();
  }

  /** Range of the advantage over {@code others} (one or both other protocols). */
  Range range(List<RawProtocol> others) {
    Double min = null;
    Double max = null;
    for (Row row : rows) {
      for (RawProtocol o : others) {
        Double v = row.advantage.get(o).value();
        if (v != null) {
          min = min == null ? v : Math.min(min, v);
          max = max == null ? v : Math.max(max, v);
        }
      }
    }
    return new Range(min, max);
  }
}
