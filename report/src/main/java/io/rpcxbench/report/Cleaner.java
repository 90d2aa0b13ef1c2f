package io.rpcxbench.report;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The paper's cleaning: per (protocol, threadNum, requestNum), drop order 0 (start-up effects) and
 * average the other runs' runtime and TPS. Latency percentiles come from the kept runs' merged
 * histograms (averages of percentiles only for runs without one). Points whose files all timed out
 * or failed stay so, never averaged.
 */
final class Cleaner {
  private Cleaner() {}

  /** Key of a point; sorts by protocol (type, then id), then threads, then requests. */
  record Key(Protocol protocol, int threads, int requests) implements Comparable<Key> {
    @Override
    public int compareTo(Key o) {
      int c = protocol.compareTo(o.protocol);
      c = c != 0 ? c : Integer.compare(threads, o.threads);
      return c != 0 ? c : Integer.compare(requests, o.requests);
    }
  }

  /** How one raw file of a point ended. */
  record FileOutcome(PointStatus status, Integer limitS) {}

  /**
   * Cleans one point. {@code runs} are all its run rows (any file); {@code outcomes} the status of
   * each of its files. A point with at least one run besides order 0 is complete; otherwise it is
   * "timeout" if any of its files timed out, else "failed".
   */
  static CleanedPoint clean(Key key, List<StoredRun> runs, List<FileOutcome> outcomes) {
    List<StoredRun> kept = runs.stream().filter(r -> r.order() != 0).toList();
    Integer limit =
        outcomes.stream()
            .map(FileOutcome::limitS)
            .filter(l -> l != null)
            .max(Integer::compare)
            .orElse(null);
    if (kept.isEmpty()) {
      boolean timedOut = outcomes.stream().anyMatch(o -> o.status() == PointStatus.TIMEOUT);
      return new CleanedPoint(
          key.protocol,
          key.threads,
          key.requests,
          timedOut ? PointStatus.TIMEOUT : PointStatus.FAILED,
          limit,
          0,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null);
    }
    return summarize(key, kept, limit);
  }

  /** The complete point made of {@code kept} (not empty): means, spread and latency. */
  static CleanedPoint summarize(Key key, List<StoredRun> kept, Integer limit) {
    Spread time = spread(kept, StoredRun::timeTotalMs);
    Spread tps = spread(kept, StoredRun::tps);
    Long errors =
        kept.stream().anyMatch(r -> r.errors() != null)
            ? kept.stream().mapToLong(r -> r.errors() == null ? 0 : r.errors()).sum()
            : null;
    Latency l = Latency.of(kept);
    return new CleanedPoint(
        key.protocol,
        key.threads,
        key.requests,
        PointStatus.COMPLETE,
        limit,
        kept.size(),
        errors,
        time.mean(),
        tps.mean(),
        time.min(),
        time.max(),
        time.stdev(),
        tps.min(),
        tps.max(),
        tps.stdev(),
        spread(kept, StoredRun::throughput).mean(),
        l.p50Us(),
        l.p90Us(),
        l.p99Us(),
        l.p999Us(),
        l.maxUs(),
        l.from());
  }

  static Spread spread(List<StoredRun> runs, Function<StoredRun, Double> column) {
    return Spread.of(runs.stream().map(column).toList());
  }

  /** Re-computes the whole cleaned table from the raw tables, in one transaction. */
  static List<CleanedPoint> run(Database db) throws SQLException {
    Map<Key, List<FileOutcome>> outcomes = new TreeMap<>();
    Map<Key, List<StoredRun>> runs = new TreeMap<>();
    try (Statement s = db.connection.createStatement()) {
      try (ResultSet rs =
          s.executeQuery(
              "SELECT protocol, type, thread_num, request_num, status, limit_s FROM raw_point")) {
        while (rs.next()) {
          Key k = new Key(Protocol.of(rs.getString(1), rs.getInt(2)), rs.getInt(3), rs.getInt(4));
          PointStatus st = PointStatus.of(rs.getString(5)).orElse(PointStatus.FAILED);
          outcomes
              .computeIfAbsent(k, x -> new ArrayList<>())
              .add(new FileOutcome(st, Rows.integer(rs, 6)));
        }
      }
      try (ResultSet rs =
          s.executeQuery(
              "SELECT p.protocol, r.type, r.thread_num, r.request_num, r.order_no, "
                  + "r.time_total_ms, r.tps, r.calls, r.errors, r.throughput, r.p50_us, r.p90_us, r.p99_us, "
                  + "r.p999_us, r.max_us, r.histogram FROM raw_result r JOIN raw_point p ON p.source = r.source")) {
        while (rs.next()) {
          StoredRun r =
              new StoredRun(
                  rs.getInt(2),
                  rs.getInt(3),
                  rs.getInt(4),
                  rs.getInt(5),
                  rs.getDouble(6),
                  rs.getDouble(7),
                  Rows.longValue(rs, 8),
                  Rows.longValue(rs, 9),
                  Rows.decimal(rs, 10),
                  Rows.decimal(rs, 11),
                  Rows.decimal(rs, 12),
                  Rows.decimal(rs, 13),
                  Rows.decimal(rs, 14),
                  Rows.decimal(rs, 15),
                  rs.getString(16));
          Key k = new Key(Protocol.of(rs.getString(1), r.type()), r.threadNum(), r.requestNum());
          runs.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
        }
      }
    }
    List<CleanedPoint> cleaned = new ArrayList<>();
    for (Map.Entry<Key, List<FileOutcome>> e : outcomes.entrySet()) {
      cleaned.add(clean(e.getKey(), runs.getOrDefault(e.getKey(), List.of()), e.getValue()));
    }
    db.inTransaction(c -> replace(c, cleaned));
    return cleaned;
  }

  private static final String COLUMNS =
      "protocol, type, thread_num, request_num, status, limit_s, runs_averaged, "
          + "errors_sum, time_total_avg_ms, tps_avg, time_total_min_ms, time_total_max_ms, time_total_stdev_ms, "
          + "tps_min, tps_max, tps_stdev, throughput_avg, p50_us, p90_us, p99_us, p999_us, max_us, latency_from";

  private static void replace(Connection c, List<CleanedPoint> cleaned) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.executeUpdate("DELETE FROM cleaned_result");
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO cleaned_result ("
                + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      for (CleanedPoint p : cleaned) {
        ps.setString(1, p.protocol().id);
        ps.setInt(2, p.type());
        ps.setInt(3, p.threadNum());
        ps.setInt(4, p.requestNum());
        ps.setString(5, p.status().id);
        Ingester.setInt(ps, 6, p.limitS());
        ps.setInt(7, p.runsAveraged());
        Ingester.setLong(ps, 8, p.errorsSum());
        Double[] d = {
          p.timeTotalAvgMs(),
          p.tpsAvg(),
          p.timeTotalMinMs(),
          p.timeTotalMaxMs(),
          p.timeTotalStdevMs(),
          p.tpsMin(),
          p.tpsMax(),
          p.tpsStdev(),
          p.throughputAvg(),
          p.p50Us(),
          p.p90Us(),
          p.p99Us(),
          p.p999Us(),
          p.maxUs()
        };
        for (int i = 0; i < d.length; i++) {
          Ingester.setDouble(ps, 9 + i, d[i]);
        }
        ps.setString(23, p.latencyFrom());
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }

  /** The cleaned table, sorted by type, protocol id, threads, requests. */
  static List<CleanedPoint> load(Database db) throws SQLException {
    List<CleanedPoint> out = new ArrayList<>();
    try (Statement s = db.connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT "
                    + COLUMNS
                    + " FROM cleaned_result ORDER BY type, protocol, thread_num, request_num")) {
      while (rs.next()) {
        out.add(
            new CleanedPoint(
                Protocol.of(rs.getString(1), rs.getInt(2)),
                rs.getInt(3),
                rs.getInt(4),
                PointStatus.of(rs.getString(5)).orElse(PointStatus.FAILED),
                Rows.integer(rs, 6),
                rs.getInt(7),
                Rows.longValue(rs, 8),
                Rows.decimal(rs, 9),
                Rows.decimal(rs, 10),
                Rows.decimal(rs, 11),
                Rows.decimal(rs, 12),
                Rows.decimal(rs, 13),
                Rows.decimal(rs, 14),
                Rows.decimal(rs, 15),
                Rows.decimal(rs, 16),
                Rows.decimal(rs, 17),
                Rows.decimal(rs, 18),
                Rows.decimal(rs, 19),
                Rows.decimal(rs, 20),
                Rows.decimal(rs, 21),
                Rows.decimal(rs, 22),
                rs.getString(23)));
      }
    }
    return out;
  }
}
