package io.rpcxbench.report;

import java.util.Map;

/** Turns the fields of one CSV run row into a {@link RunRow}, naming the first bad field. */
final class RowReader {
    private RowReader() {
    }

    static RunRow read(String[] fields, int expected, Map<String, Integer> index) {
        if (fields.length != expected) {
            throw new IllegalArgumentException("expected " + expected + " fields, found " + fields.length);
        }
        Fields f = new Fields(fields, index);
        return new RunRow(
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
                f.optionalDecimal("max_us"));
    }

    private record Fields(String[] values, Map<String, Integer> index) {
        Long optionalInteger(String column) {
            return index.containsKey(column) ? integer(column) : null;
        }

        Double optionalDecimal(String column) {
            return index.containsKey(column) ? decimal(column) : null;
        }

        long integer(String column) {
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

        double decimal(String column) {
            String text = values[index.get(column)].trim();
            // Double.parseDouble ignores the locale but also accepts "NaN", "Infinity", "1d", hex: be strict.
            if (!text.matches("[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?")) {
                throw new IllegalArgumentException(column + " is not a number: '" + text + "'");
            }
            return Double.parseDouble(text);
        }
    }
}
