package io.rpcxbench.report.db;

import java.sql.ResultSet;
import java.sql.SQLException;

/** Nullable column reads that behave the same on every JDBC driver. */
public final class Rows {
  private Rows() {}

  public static Integer integer(ResultSet rs, int column) throws SQLException {
    int v = rs.getInt(column);
    return rs.wasNull() ? null : v;
  }

  public static Long longValue(ResultSet rs, int column) throws SQLException {
    long v = rs.getLong(column);
    return rs.wasNull() ? null : v;
  }

  public static Double decimal(ResultSet rs, int column) throws SQLException {
    double v = rs.getDouble(column);
    return rs.wasNull() ? null : v;
  }
}
