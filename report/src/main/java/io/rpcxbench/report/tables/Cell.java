package io.rpcxbench.report.tables;

import io.rpcxbench.stats.Num;

/** A table cell: a number, or a marker for a gap ("–"), a timed-out or a failed point. */
public record Cell(Double value, String marker) {
  public static final String MISSING = "–";

  static Cell of(Double value) {
    return value == null ? new Cell(null, MISSING) : new Cell(value, null);
  }

  static Cell marker(String marker) {
    return new Cell(null, marker);
  }

  /** The value with {@code decimals} digits, else the marker. */
  public String text(int decimals) {
    return value != null ? Num.fixed(value, decimals) : marker;
  }

  /** For CSV: a missing value is an empty field; timeout/failed are spelled out. */
  String csv(int decimals) {
    return value != null ? Num.fixed(value, decimals) : MISSING.equals(marker) ? "" : marker;
  }
}
