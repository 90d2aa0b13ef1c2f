package io.rpcxbench.report.tables;

import io.rpcxbench.stats.Num;

/**
 * A table cell: a number, with its 95 % interval where the engine gives one, or a marker for a gap
 * ("–"), a timed-out or a failed point.
 */
public record Cell(Double value, String marker, Double low, Double high) {
  public static final String MISSING = "–";

  public Cell(Double value, String marker) {
    this(value, marker, null, null);
  }

  /** {@code value} with its interval {@code low}..{@code high} (null ends: none). */
  static Cell of(Double value, Double low, Double high) {
    return value == null ? new Cell(null, MISSING) : new Cell(value, null, low, high);
  }

  /** The interval as {@code low–high} with {@code decimals} digits; empty without one. */
  public String interval(int decimals) {
    return low == null || high == null
        ? ""
        : Num.fixed(low, decimals) + "–" + Num.fixed(high, decimals);
  }

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
