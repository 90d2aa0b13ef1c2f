package io.rpcxbench.report.clean;

import io.rpcxbench.report.db.Database;
import io.rpcxbench.report.db.Ingester;
import io.rpcxbench.report.db.PointStatus;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.db.Rows;
import io.rpcxbench.report.db.Series;
import io.rpcxbench.stats.Spread;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * The database's cleaned_result table: {@link Cleaner}'s points, written and read back.
 *
 * <pre>{@code
 * Cleaner.run(db);                                   // cleans and replaces the table
 * List<CleanedPoint> points = CleanedTable.load(db); // sorted by series, type, protocol, T, R
 * }</pre>
 */
public final class CleanedTable {
  private CleanedTable() {}

  private static final String COLUMNS =
      "protocol, type, thread_num, request_num, status, limit_s, runs_averaged, "
          + "errors_sum, time_total_avg_ms, tps_avg, time_total_min_ms, time_total_max_ms, time_total_stdev_ms, "
          + "tps_min, tps_max, tps_stdev, throughput_avg, p50_us, p90_us, p99_us, p999_us, max_us, latency_from, "
          + "series, label, runs_done, runs_declared, target_rate, achieved_rate, achieved_rate_min, "
          + "dropped_sum, limited_by";

  /** Replaces the table's rows with {@code cleaned} (in the caller's transaction). */
  static void replace(Connection c, List<CleanedPoint> cleaned) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.executeUpdate("DELETE FROM cleaned_result");
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "INSERT INTO cleaned_result ("
                + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      for (CleanedPoint p : cleaned) {
        ps.setString(1, p.protocol().id);
        ps.setInt(2, p.type());
        ps.setInt(3, p.threadNum());
        ps.setInt(4, p.requestNum());
        ps.setString(5, p.status().id);
        Ingester.setInt(ps, 6, p.limitS());
        ps.setInt(7, p.runsAveraged());
        Ingester.setLong(ps, 8, p.errorsSum());
        Spread time = p.runtimeMs();
        Spread tps = p.tps();
        Latency latency = p.latency();
        Double[] d = {
          time.avg(),
          tps.avg(),
          time.min(),
          time.max(),
          time.stdev(),
          tps.min(),
          tps.max(),
          tps.stdev(),
          p.throughputAvg(),
          latency.p50Us(),
          latency.p90Us(),
          latency.p99Us(),
          latency.p999Us(),
          latency.maxUs()
        };
        for (int i = 0; i < d.length; i++) {
          Ingester.setDouble(ps, 9 + i, d[i]);
        }
        ps.setString(23, latency.from());
        ps.setString(24, p.series().key());
        ps.setString(25, p.protocol().label);
        ps.setInt(26, p.runsDone());
        Ingester.setInt(ps, 27, p.runsDeclared());
        OpenLoad l = p.load();
        Ingester.setDouble(ps, 28, l == null ? null : l.targetRate());
        Ingester.setDouble(ps, 29, l == null ? null : l.achievedRate());
        Ingester.setDouble(ps, 30, l == null ? null : l.achievedRateMin());
        Ingester.setLong(ps, 31, l == null ? null : l.dropped());
        if (p.limitedBy() == null) {
          ps.setNull(32, Types.VARCHAR);
        } else {
          ps.setString(
              32, p.limitedBy().length() <= 200 ? p.limitedBy() : p.limitedBy().substring(0, 200));
        }
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }

  /** The stored open-loop load of the cleaned row at {@code rs}, or null. */
  private static OpenLoad openLoad(ResultSet rs) throws SQLException {
    Double target = Rows.decimal(rs, 28);
    Double achieved = Rows.decimal(rs, 29);
    Double min = Rows.decimal(rs, 30);
    Long dropped = Rows.longValue(rs, 31);
    return target == null || achieved == null || min == null
        ? null
        : new OpenLoad(target, achieved, min, dropped == null ? 0 : dropped);
  }

  /** The cleaned table, sorted by series, type, protocol id, threads, requests. */
  public static List<CleanedPoint> load(Database db) throws SQLException {
    List<CleanedPoint> out = new ArrayList<>();
    try (Statement s = db.connection.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT "
                    + COLUMNS
                    + " FROM cleaned_result ORDER BY series, type, protocol, thread_num, request_num")) {
      while (rs.next()) {
        out.add(
            new CleanedPoint(
                RawProtocol.of(rs.getString(1), rs.getInt(2)).withLabel(rs.getString(25)),
                rs.getInt(3),
                rs.getInt(4),
                PointStatus.of(rs.getString(5)).orElse(PointStatus.FAILED),
                Rows.integer(rs, 6),
                rs.getInt(7),
                Rows.longValue(rs, 8),
                new Spread(
                    Rows.decimal(rs, 9),
                    Rows.decimal(rs, 11),
                    Rows.decimal(rs, 12),
                    Rows.decimal(rs, 13)),
                new Spread(
                    Rows.decimal(rs, 10),
                    Rows.decimal(rs, 14),
                    Rows.decimal(rs, 15),
                    Rows.decimal(rs, 16)),
                Rows.decimal(rs, 17),
                new Latency(
                    Rows.decimal(rs, 18),
                    Rows.decimal(rs, 19),
                    Rows.decimal(rs, 20),
                    Rows.decimal(rs, 21),
                    Rows.decimal(rs, 22),
                    rs.getString(23)),
                Series.parse(rs.getString(24)),
                rs.getInt(26),
                Rows.integer(rs, 27),
                openLoad(rs),
                rs.getString(32)));
      }
    }
    return out;
  }
}
