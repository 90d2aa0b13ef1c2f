package io.rpcxbench.report.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Brings a database written by an older report up to the current {@link Schema}: adds {@code
 * raw_point.protocol} (filled from each file's {@code protocol} provenance, else from its type) and
 * {@code raw_result.histogram} (null: those runs keep their averaged percentiles) and the open
 * loop's rate columns (open-loop files stored without them are forgotten, so the next ingest reads
 * them again) and {@code raw_result.limited_by} (every file is forgotten, so the next ingest reads
 * it), and drops an old {@code cleaned_result}, which {@code clean} recomputes. Runs with
 * auto-commit on.
 */
final class SchemaUpgrade {
  private SchemaUpgrade() {}

  /** Returns true when the cleaned table was dropped (the caller re-creates it). */
  static boolean run(Connection c, Dialect d) throws SQLException {
    if (!hasColumn(c, "raw_result", "histogram")) {
      execute(c, "ALTER TABLE raw_result ADD COLUMN histogram " + d.longText);
    }
    if (!hasColumn(c, "raw_result", "target_rate")) {
      execute(c, "ALTER TABLE raw_result ADD COLUMN target_rate DOUBLE PRECISION");
      execute(c, "ALTER TABLE raw_result ADD COLUMN achieved_rate DOUBLE PRECISION");
      execute(c, "ALTER TABLE raw_result ADD COLUMN dropped BIGINT");
      execute(
          c,
          "DELETE FROM raw_file WHERE source IN (SELECT source FROM raw_provenance "
              + "WHERE prov_key = 'load_model' AND prov_value = 'open')");
    }
    if (!hasColumn(c, "raw_result", "limited_by")) {
      execute(
          c,
          "ALTER TABLE raw_result ADD COLUMN limited_by VARCHAR("
              + StoredRun.LIMITED_BY_LENGTH
              + ")");
      // Forget every file so the next ingest reads the limited_by column of those that have it.
      execute(c, "DELETE FROM raw_file");
    }
    if (!hasColumn(c, "raw_point", "protocol")) {
      execute(
          c, "ALTER TABLE raw_point ADD COLUMN protocol VARCHAR(" + Schema.PROTOCOL_LENGTH + ")");
      fillProtocols(c);
    }
    if (!hasColumn(c, "cleaned_result", "protocol")
        || !hasColumn(c, "cleaned_result", "latency_from")
        || !hasColumn(c, "cleaned_result", "series")
        || !hasColumn(c, "cleaned_result", "achieved_rate_min")
        || !hasColumn(c, "cleaned_result", "limited_by")) {
      execute(c, "DROP TABLE cleaned_result");
      return true;
    }
    return false;
  }

  private static void fillProtocols(Connection c) throws SQLException {
    Map<String, String> ids = new LinkedHashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT p.source, p.type, v.prov_value FROM raw_point p "
                    + "LEFT JOIN raw_provenance v ON v.source = p.source AND v.prov_key = 'protocol'")) {
      while (rs.next()) {
        String id = rs.getString(3);
        RawProtocol p;
        try {
          p = id == null ? RawProtocol.ofTypeOnly(rs.getInt(2)) : RawProtocol.of(id, rs.getInt(2));
        } catch (IllegalArgumentException e) {
          p = RawProtocol.ofTypeOnly(rs.getInt(2));
        }
        ids.put(rs.getString(1), p.id);
      }
    }
    try (PreparedStatement ps =
        c.prepareStatement("UPDATE raw_point SET protocol = ? WHERE source = ?")) {
      for (Map.Entry<String, String> e : ids.entrySet()) {
        ps.setString(1, e.getValue());
        ps.setString(2, e.getKey());
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }

  /** Portable: asks for the column and sees whether the database objects. */
  static boolean hasColumn(Connection c, String table, String column) {
    try (Statement s = c.createStatement()) {
      s.executeQuery("SELECT " + column + " FROM " + table + " WHERE 1 = 0").close();
      return true;
    } catch (SQLException e) {
      return false;
    }
  }

  private static void execute(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
