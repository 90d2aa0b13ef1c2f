package io.rpcxbench.raw;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns the fields of one CSV run row into a {@link RunRow}, naming the first bad field. */
final class RowFields {
  private static final String DECIMAL = "[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?";

  private final String[] values;
  private final Map<String, Integer> index;

  private RowFields(String[] values, Map<String, Integer> index) {
    this.values = values;
    this.index = index;
  }

  /**
   * {@code columns}: the header's names in order; those this library does not name become the row's
   * extra columns. An extra column named {@code *histogram} must decode like {@code histogram}.
   */
  static RunRow read(String[] fields, List<String> columns, Map<String, Integer> index) {
    int expected = columns.size();
    if (fields.length != expected) {
      throw new IllegalArgumentException(
          "expected " + expected + " fields, found " + fields.length);
    }
    RowFields f = new RowFields(fields, index);
    RunRow row =
        new RunRow(
            (int) f.integer("type"),
            (int) f.integer("threadNum"),
            (int) f.integer("requestNum"),
            (int) f.integer("order"),
            f.decimal("timeTotal"),
            f.decimal("tps"),
            f.optionalInteger("calls"),
            f.optionalInteger("errors"),
            f.optionalDecimal("throughput"),
            f.optionalDecimal("p50_us"),
            f.optionalDecimal("p90_us"),
            f.optionalDecimal("p99_us"),
            f.optionalDecimal("p999_us"),
            f.optionalDecimal("max_us"),
            index.containsKey("histogram") ? fields[index.get("histogram")].trim() : "",
            extra(fields, columns));
    if (!row.histogram().isEmpty()) {
      Histograms.decode(
          row.histogram()); // a corrupt histogram makes the row bad, like a bad number
    }
    row.extra()
        .forEach(
            (column, value) -> {
              if (column.endsWith("histogram") && !value.isEmpty()) {
                try {
                  Histograms.decode(value);
                } catch (IllegalArgumentException e) {
                  throw new IllegalArgumentException(column + ": " + e.getMessage(), e);
                }
              }
            });
    return row;
  }

  private static Map<String, String> extra(String[] fields, List<String> columns) {
    Map<String, String> extra = new LinkedHashMap<>();
    for (int c = 0; c < columns.size(); c++) {
      if (!RawResultFile.COLUMNS.contains(columns.get(c))) {
        extra.put(columns.get(c), fields[c].trim());
      }
    }
    return extra;
  }

  private long optionalInteger(String column) {
    return index.containsKey(column) ? integer(column) : 0;
  }

  private double optionalDecimal(String column) {
    return index.containsKey(column) ? decimal(column) : 0;
  }

  private long integer(String column) {
    String text = values[index.get(column)].trim();
    try {
      long v = Long.parseLong(text);
      if (v < 0) {
        throw new IllegalArgumentException(column + " is negative: '" + text + "'");
      }
      if (v > Integer.MAX_VALUE && !column.equals("calls") && !column.equals("errors")) {
        throw new IllegalArgumentException(column + " is too large: '" + text + "'");
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(column + " is not an integer: '" + text + "'");
    }
  }

  private double decimal(String column) {
    String text = values[index.get(column)].trim();
    // Double.parseDouble ignores the locale but also accepts "NaN", "Infinity", "1d", hex: be
    // strict.
    if (!text.matches(DECIMAL)) {
      throw new IllegalArgumentException(column + " is not a number: '" + text + "'");
    }
    return Double.parseDouble(text);
  }
}
