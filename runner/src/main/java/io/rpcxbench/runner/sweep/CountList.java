package io.rpcxbench.runner.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A LIST of counts as sweep.sh takes it: values and ranges {@code FROM:TO:STEP}, comma-separated; a
 * value without a colon is that value only, an empty range field keeps the default. The values come
 * out ascending, each once; the description is the LIST as given, its ranges' empty fields filled.
 *
 * <pre>{@code
 * CountList.parse("--threads", "10:910:100,990", Range.of(10, 990, 10)).values();
 * // [10, 110, 210, ..., 910, 990]; description "10:910:100,990"
 * }</pre>
 */
public record CountList(List<Integer> values, String description) {
  /** The most values one LIST may expand to. */
  static final int MAX_VALUES = 100_000;

  /** The defaults of a range's empty fields. */
  record Range(int from, int to, int step) {
    static Range of(int from, int to, int step) {
      return new Range(from, to, step);
    }
  }

  /**
   * @throws IllegalArgumentException with sweep.sh's message, naming {@code option}
   */
  static CountList parse(String option, String spec, Range defaults) {
    if (spec == null
        || spec.isEmpty()
        || spec.startsWith(",")
        || spec.endsWith(",")
        || spec.contains(",,")) {
      throw bad(
          option
              + ": expected values or ranges FROM:TO:STEP separated by commas, got '"
              + spec
              + "'");
    }
    TreeSet<Integer> values = new TreeSet<>();
    List<String> desc = new ArrayList<>();
    long total = 0;
    for (String item : spec.split(",")) {
      int from;
      int to;
      int step;
      if (!item.contains(":")) {
        from = positive(option, "", item);
        to = from;
        step = 1;
      } else {
        String[] f = item.split(":", -1);
        if (f.length > 3) {
          throw bad(option + ": expected FROM[:TO[:STEP]], got '" + item + "'");
        }
        from = f[0].isEmpty() ? defaults.from() : positive(option, "FROM ", f[0]);
        to = f.length < 2 || f[1].isEmpty() ? defaults.to() : positive(option, "TO ", f[1]);
        step = f.length < 3 || f[2].isEmpty() ? defaults.step() : positive(option, "STEP ", f[2]);
        if (from > to) {
          throw bad(option + ": FROM (" + from + ") is greater than TO (" + to + ")");
        }
      }
      total += (to - from) / step + 1;
      if (total > MAX_VALUES) {
        throw bad(option + ": more than " + MAX_VALUES + " values in '" + spec + "'");
      }
      // as given: a value as a value, a range as FROM:TO:STEP with its empty fields filled
      desc.add(item.contains(":") ? from + ":" + to + ":" + step : String.valueOf(from));
      for (long v = from; v <= to; v += step) {
        values.add((int) v);
      }
    }
    return new CountList(List.copyOf(values), String.join(",", desc));
  }

  private static int positive(String option, String field, String text) {
    if (!text.matches("[1-9][0-9]{0,8}")) {
      String what =
          field.isEmpty() ? "expected a positive integer" : field + "must be a positive integer";
      throw bad(option + ": " + what + ", got '" + text + "'");
    }
    return Integer.parseInt(text);
  }

  private static IllegalArgumentException bad(String message) {
    return new IllegalArgumentException(message);
  }
}
