package io.rpcxbench.report.clean;

import io.rpcxbench.report.db.Database;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.db.Series;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every run's runtime (ms) by point and by sweep: what the cleaned means hide and a bootstrap, a
 * warm-up trend or a per-run time limit needs. A point is identified exactly as {@link Cleaner}
 * does ({@link Cleaner.Key} from the file's protocol and provenance); each of its files is one
 * sweep, its runs in their order.
 *
 * <pre>{@code
 * RunTimes t = RunTimes.load(db);
 * List<RunTimes.Sweep> sweeps = t.of(new Cleaner.Key(RawProtocol.RPCX, 10, 100, series));
 * double[] kept = sweeps.get(0).kept(); // runs 1..N-1, the paper's cleaning
 * }</pre>
 */
public final class RunTimes {
  /** One file's runs of one point: {@code ms[i]} is the runtime of order {@code orders[i]}. */
  public record Sweep(String source, int[] orders, double[] ms) {
    /** Runs besides order 0, in order. */
    public double[] kept() {
      List<Double> out = new ArrayList<>();
      for (int i = 0; i < orders.length; i++) {
        if (orders[i] != 0) {
          out.add(ms[i]);
        }
      }
      return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The runtime of run {@code order}, or null when the file does not hold it. */
    public Double at(int order) {
      for (int i = 0; i < orders.length; i++) {
        if (orders[i] == order) {
          return ms[i];
        }
      }
      return null;
    }
  }

  private final Map<Cleaner.Key, List<Sweep>> byPoint;

  public RunTimes(Map<Cleaner.Key, List<Sweep>> byPoint) {
    this.byPoint = Map.copyOf(byPoint);
  }

  /** The sweeps of a point, sorted by file name; empty if it has none. */
  public List<Sweep> of(Cleaner.Key key) {
    return byPoint.getOrDefault(key, List.of());
  }

  /** Every point with at least one file, sorted as {@link Cleaner.Key} sorts. */
  public java.util.SortedSet<Cleaner.Key> points() {
    return new java.util.TreeSet<>(byPoint.keySet());
  }

  /** The sweeps of a cleaned point. */
  public List<Sweep> of(CleanedPoint p) {
    return of(new Cleaner.Key(p.protocol(), p.threadNum(), p.requestNum(), p.series()));
  }

  /** Reads every run of the database, grouped as {@link Cleaner#run} groups them. */
  public static RunTimes load(Database db) throws SQLException {
    Map<String, Map<String, String>> provenance = new HashMap<>();
    Map<String, Cleaner.Key> keyOf = new TreeMap<>();
    Map<String, List<double[]>> runsOf = new TreeMap<>();
    try (Statement s = db.connection.createStatement()) {
      try (ResultSet rs =
          s.executeQuery("SELECT source, prov_key, prov_value FROM raw_provenance")) {
        while (rs.next()) {
          provenance
              .computeIfAbsent(rs.getString(1), k -> new HashMap<>())
              .put(rs.getString(2), rs.getString(3));
        }
      }
      try (ResultSet rs =
          s.executeQuery("SELECT source, protocol, type, thread_num, request_num FROM raw_point")) {
        while (rs.next()) {
          Map<String, String> prov = provenance.getOrDefault(rs.getString(1), Map.of());
          RawProtocol p =
              RawProtocol.of(rs.getString(2), rs.getInt(3)).withLabel(prov.get("label"));
          keyOf.put(
              rs.getString(1), new Cleaner.Key(p, rs.getInt(4), rs.getInt(5), Series.of(prov)));
        }
      }
      try (ResultSet rs =
          s.executeQuery(
              "SELECT source, order_no, time_total_ms FROM raw_result ORDER BY source, order_no")) {
        while (rs.next()) {
          runsOf
              .computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
              .add(new double[] {rs.getInt(2), rs.getDouble(3)});
        }
      }
    }
    Map<Cleaner.Key, List<Sweep>> byPoint = new HashMap<>();
    keyOf.forEach(
        (source, key) -> {
          List<double[]> runs = runsOf.getOrDefault(source, List.of());
          int[] orders = runs.stream().mapToInt(r -> (int) r[0]).toArray();
          double[] ms = runs.stream().mapToDouble(r -> r[1]).toArray();
          byPoint.computeIfAbsent(key, k -> new ArrayList<>()).add(new Sweep(source, orders, ms));
        });
    return new RunTimes(byPoint);
  }
}
