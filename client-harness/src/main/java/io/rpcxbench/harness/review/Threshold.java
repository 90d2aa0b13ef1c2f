package io.rpcxbench.harness.review;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One pass/fail criterion on a point, in k6's form: {@code METRIC OP VALUE[UNIT]}, e.g. {@code
 * p99<5ms}, {@code throughput>=20000}, {@code errors==0}. Latencies ({@code p50}, {@code p90},
 * {@code p99}, {@code p99.9}, from the merged histogram of the kept runs) take a unit: {@code us},
 * {@code ms} or {@code s}; {@code throughput} (calls/s, the kept runs' mean), {@code errors} and
 * {@code drops} (counts over the kept runs; drops: the open loop's) take none. Decimals use '.',
 * whatever the locale.
 *
 * <pre>{@code
 * Threshold t = Threshold.parse("p99 < 5ms");   // t.expression(): "p99<5ms"
 * boolean ok = t.holds(3_200_000);              // 3.2 ms, in the metric's base unit (ns)
 * String shown = t.measured(3_200_000);         // "p99 3.2 ms"
 * }</pre>
 *
 * @param expression the expression without spaces, as lines and files show it
 * @param metric what is compared
 * @param op how
 * @param limit the value in the metric's base unit (nanoseconds for latencies)
 * @param unit the latency's unit as given ({@code us}, {@code ms}, {@code s}), else ""
 */
public record Threshold(String expression, Metric metric, Op op, double limit, String unit) {
  private static final Pattern FORM =
      Pattern.compile("([A-Za-z][A-Za-z0-9.]*)\\s*(<=|>=|==|!=|=<|=>|<|>|=)?\\s*(.*)");
  private static final Pattern VALUE = Pattern.compile("([0-9.,]+)\\s*([A-Za-zµ]*)");

  /** What a threshold compares. */
  public enum Metric {
    P50("p50", 50),
    P90("p90", 90),
    P99("p99", 99),
    P999("p99.9", 99.9),
    THROUGHPUT("throughput", 0),
    ERRORS("errors", 0),
    DROPS("drops", 0);

    final String id;
    final double percentile;

    Metric(String id, double percentile) {
      this.id = id;
      this.percentile = percentile;
    }

    boolean latency() {
      return percentile > 0;
    }

    static Metric of(String id) {
      return Arrays.stream(values()).filter(m -> m.id.equals(id)).findFirst().orElse(null);
    }
  }

  /** How a measured value is compared with the threshold's. */
  public enum Op {
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">="),
    EQ("==");

    final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    boolean test(double measured, double limit) {
      return switch (this) {
        case LT -> measured < limit;
        case LE -> measured <= limit;
        case GT -> measured > limit;
        case GE -> measured >= limit;
        case EQ -> measured == limit;
      };
    }

    static Op of(String symbol) {
      return Arrays.stream(values()).filter(o -> o.symbol.equals(symbol)).findFirst().orElse(null);
    }
  }

  /**
   * Parses an expression.
   *
   * @throws IllegalArgumentException with one line that names the expression and what is wrong
   */
  public static Threshold parse(String text) {
    Matcher m = FORM.matcher(text.trim());
    if (!m.matches()) {
      throw bad(text, "not METRIC OP VALUE, e.g. p99<5ms or throughput>=1000");
    }
    Metric metric = Metric.of(m.group(1).toLowerCase(Locale.ROOT));
    if (metric == null) {
      throw bad(
          text,
          "unknown metric '" + m.group(1) + "' (p50, p90, p99, p99.9, throughput, errors, drops)");
    }
    Op op = m.group(2) == null ? null : Op.of(m.group(2));
    if (op == null) {
      throw bad(
          text,
          (m.group(2) == null ? "no comparison" : "'" + m.group(2) + "' is no comparison")
              + " (<, <=, >, >=, ==)");
    }
    Matcher v = VALUE.matcher(m.group(3));
    if (!v.matches()) {
      throw bad(text, "'" + m.group(3) + "' is not a number with an optional unit, e.g. 5ms");
    }
    BigDecimal number = number(text, v.group(1));
    String unit = v.group(2).toLowerCase(Locale.ROOT).replace('µ', 'u');
    double limit;
    if (metric.latency()) {
      limit = number.multiply(BigDecimal.valueOf(nanosPer(text, metric, unit))).doubleValue();
    } else if (!unit.isEmpty()) {
      throw bad(
          text,
          metric.id
              + (metric == Metric.THROUGHPUT ? " is in calls/s" : " is a count")
              + ", without a unit");
    } else {
      limit = number.doubleValue();
    }
    return new Threshold(
        metric.id + op.symbol + number.toPlainString() + unit, metric, op, limit, unit);
  }

  private static BigDecimal number(String text, String digits) {
    if (digits.contains(",")) {
      throw bad(text, "'" + digits + "': decimals take '.', not ','");
    }
    try {
      return new BigDecimal(digits);
    } catch (NumberFormatException e) {
      throw bad(text, "'" + digits + "' is not a number");
    }
  }

  private static long nanosPer(String text, Metric metric, String unit) {
    return switch (unit) {
      case "us" -> 1_000L;
      case "ms" -> 1_000_000L;
      case "s" -> 1_000_000_000L;
      case "" -> throw bad(text, metric.id + " is a latency: give a unit, us, ms or s");
      default -> throw bad(text, "unit '" + unit + "' is not us, ms or s");
    };
  }

  private static IllegalArgumentException bad(String text, String why) {
    return new IllegalArgumentException("--threshold '" + text.trim() + "': " + why);
  }

  /** Whether {@code measured} (in the metric's base unit) meets the threshold; NaN never does. */
  public boolean holds(double measured) {
    return !Double.isNaN(measured) && op.test(measured, limit);
  }

  /**
   * {@code measured} as the lines show it: {@code p99 3.2 ms}, {@code throughput 812.0 calls/s}.
   */
  public String measured(double measured) {
    if (Double.isNaN(measured)) {
      return metric.id + " unknown, no kept runs" + (metric.latency() ? " with a histogram" : "");
    }
    return switch (metric) {
      case THROUGHPUT -> String.format(Locale.ROOT, "throughput %.1f calls/s", measured);
      case ERRORS, DROPS -> metric.id + " " + (long) measured;
      default ->
          String.format(
              Locale.ROOT, "%s %.1f %s", metric.id, measured / nanosPer("", metric, unit), unit);
    };
  }

  @Override
  public String toString() {
    return expression;
  }
}
