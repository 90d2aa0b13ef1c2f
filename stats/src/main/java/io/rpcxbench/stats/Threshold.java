package io.rpcxbench.stats;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail condition on a result, in k6's form {@code METRIC OP VALUE[UNIT]}, spaces allowed:
 * {@code p99<5ms}, {@code throughput>=20000}, {@code errors==0}, {@code drops<1%}, {@code
 * delta.p99<10%}. One grammar for the harness's {@code --threshold} ({@link #RUN}), {@code report
 * choose} ({@link #CHOOSE}) and {@code report diff} ({@link #DIFF}); each command's list names its
 * metrics and what kind each is:
 *
 * <ul>
 *   <li>a {@linkplain Kind#LATENCY latency} ({@code p50}, {@code p90}, {@code p99}, {@code p99.9})
 *       takes {@code us} (or {@code µs}), {@code ms} or {@code s}, a plain number being
 *       milliseconds as in k6, and is held in nanoseconds (the histograms' unit);
 *   <li>a {@linkplain Kind#RATE rate} (calls/s) and a {@linkplain Kind#COUNT count} take no unit;
 *   <li>a {@linkplain Kind#SHARE share} is {@code 0.01} or {@code 1%};
 *   <li>a {@linkplain Kind#CHANGE change} is in percent, {@code %} optional.
 * </ul>
 *
 * Comparisons: {@code <}, {@code <=}, {@code >}, {@code >=}, {@code ==}. Decimals take '.' whatever
 * the locale. A bound must make sense for its kind: a latency above 0, a rate or count not negative
 * (a count whole), a share within 0-100 %, a change not below -100 %. Anything wrong is one line:
 * {@code threshold 'EXPR': what is wrong}.
 *
 * <pre>{@code
 * Threshold t = Threshold.parse("p99 < 5ms", Threshold.RUN);
 * t.expression();             // "p99<5ms"
 * t.limit();                  // 5000000.0 (ns)
 * t.passes(3_200_000.0);      // true
 * t.measured(3_200_000);      // "p99 3.2 ms"
 * t.check(6_100_000.0, "p99 of rpcx").line();   // "FAIL p99<5ms: p99 of rpcx is 6100 µs"
 * }</pre>
 *
 * @param expression the expression without spaces, as lines, files and pages show it
 * @param metric what is compared, e.g. {@code p99}
 * @param kind what kind of value the metric is
 * @param op the comparison: {@code <}, {@code <=}, {@code >}, {@code >=} or {@code ==}
 * @param limit the bound in the metric's base unit (ns for a latency, a share for a share)
 * @param unit the unit as given, lower case, {@code µs} as {@code us}; "" without one
 */
public record Threshold(
    String expression, String metric, Kind kind, String op, double limit, String unit) {

  /** What kind of value a metric is: its units and how it is shown. */
  public enum Kind {
    /** A latency percentile: us, ms (or none) or s; held in ns. */
    LATENCY,
    /** Calls per second; no unit. */
    RATE,
    /** A number of calls; no unit. */
    COUNT,
    /** A share of the offered calls: 0.01 or 1%. */
    SHARE,
    /** A change in percent, {@code %} optional. */
    CHANGE
  }

  /**
   * The harness's {@code --threshold} on a point's kept runs: latencies of their merged histogram,
   * their mean calls/s, failed and dropped calls summed over them.
   */
  public static final Map<String, Kind> RUN =
      metrics(
          "p50",
          Kind.LATENCY,
          "p90",
          Kind.LATENCY,
          "p99",
          Kind.LATENCY,
          "p99.9",
          Kind.LATENCY,
          "throughput",
          Kind.RATE,
          "errors",
          Kind.COUNT,
          "drops",
          Kind.COUNT);

  /**
   * {@code report choose}'s, on the winner: its SLO capacity and its figures at the shared load.
   */
  public static final Map<String, Kind> CHOOSE =
      metrics(
          "capacity",
          Kind.RATE,
          "p50",
          Kind.LATENCY,
          "p99",
          Kind.LATENCY,
          "p99.9",
          Kind.LATENCY,
          "errors",
          Kind.COUNT,
          "drops",
          Kind.SHARE);

  /** {@code report diff}'s, on NEW's points and their changes from BASE. */
  public static final Map<String, Kind> DIFF =
      metrics(
          "throughput",
          Kind.RATE,
          "p50",
          Kind.LATENCY,
          "p99",
          Kind.LATENCY,
          "p99.9",
          Kind.LATENCY,
          "delta.throughput",
          Kind.CHANGE,
          "delta.p50",
          Kind.CHANGE,
          "delta.p99",
          Kind.CHANGE,
          "delta.p99.9",
          Kind.CHANGE);

  private static final String OPS = "(<, <=, >, >=, ==)";
  private static final Pattern FORM =
      Pattern.compile("([A-Za-z][A-Za-z0-9.]*)\\s*([<>=!]+)?\\s*(.*)", Pattern.DOTALL);
  private static final Pattern VALUE =
      Pattern.compile("([-+]?[0-9.,]+(?:[eE][-+]?[0-9]+)?)\\s*([A-Za-zµ%]*)");

  /**
   * Parses {@code text} for a command that knows {@code metrics} ({@link #RUN}, {@link #CHOOSE},
   * {@link #DIFF}).
   *
   * @throws IllegalArgumentException with one line that names the expression and what is wrong
   */
  public static Threshold parse(String text, Map<String, Kind> metrics) {
    String typed = text == null ? "" : text.trim();
    Matcher m = FORM.matcher(typed);
    if (!m.matches()) {
      throw bad(typed, "want METRIC OP VALUE[UNIT], e.g. p99<5ms or errors==0");
    }
    String metric = m.group(1).toLowerCase(Locale.ROOT);
    Kind kind = metrics.get(metric);
    if (kind == null) {
      throw bad(
          typed,
          "unknown metric '"
              + m.group(1)
              + "' (one of "
              + String.join(", ", metrics.keySet())
              + ")");
    }
    String op = m.group(2);
    if (op == null) {
      throw bad(typed, "no comparison " + OPS);
    }
    if (!op.matches("<|<=|>|>=|==")) {
      throw bad(typed, "'" + op + "' is no comparison " + OPS);
    }
    Matcher v = VALUE.matcher(m.group(3).trim());
    if (!v.matches()) {
      throw bad(
          typed, "'" + m.group(3).trim() + "' is not a number with an optional unit, e.g. 5ms");
    }
    BigDecimal number = number(typed, v.group(1));
    String unit = v.group(2).toLowerCase(Locale.ROOT).replace('µ', 'u');
    double limit =
        switch (kind) {
          case LATENCY -> number.multiply(BigDecimal.valueOf(nanosPer(typed, unit))).doubleValue();
          case RATE, COUNT -> {
            if (!unit.isEmpty()) {
              throw bad(
                  typed,
                  metric
                      + (kind == Kind.RATE ? " is in calls/s" : " is a count")
                      + ", without a unit");
            }
            yield number.doubleValue();
          }
          case SHARE -> {
            if (!unit.isEmpty() && !unit.equals("%")) {
              throw bad(
                  typed,
                  metric + " is a share (0.01) or a percentage (1%), not '" + v.group(2) + "'");
            }
            yield unit.isEmpty() ? number.doubleValue() : number.doubleValue() / 100;
          }
          case CHANGE -> {
            if (!unit.isEmpty() && !unit.equals("%")) {
              throw bad(typed, "a change is in percent, not '" + v.group(2) + "'");
            }
            yield number.doubleValue();
          }
        };
    String sense = senseOf(kind, limit);
    if (sense != null) {
      throw bad(typed, metric + " " + sense + ", not " + number.toPlainString() + v.group(2));
    }
    return new Threshold(
        metric + op + number.toPlainString() + unit, metric, kind, op, limit, unit);
  }

  /**
   * What a bound of this kind must be, when {@code limit} (base unit) is not: a latency above 0, a
   * rate or a count not negative (a count whole), a share within 0-1 (0-100 %), a change no fall of
   * more than 100 %; null when it makes sense. A bound outside these could never be met (or always
   * is), so a run or a search started on it would be wasted.
   */
  private static String senseOf(Kind kind, double limit) {
    if (!Double.isFinite(limit)) {
      return "needs a finite bound";
    }
    return switch (kind) {
      case LATENCY -> limit > 0 ? null : "is a latency above 0";
      case RATE -> limit >= 0 ? null : "is a rate of 0 calls/s or more";
      case COUNT -> limit >= 0 && limit == Math.rint(limit) ? null : "is a whole count, 0 or more";
      case SHARE -> limit >= 0 && limit <= 1 ? null : "is a share from 0 to 1 (0% to 100%)";
      case CHANGE -> limit >= -100 ? null : "is a change of -100% or more (nothing falls further)";
    };
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

  private static long nanosPer(String text, String unit) {
    return switch (unit) {
      case "us" -> 1_000L;
      case "", "ms" -> 1_000_000L;
      case "s" -> 1_000_000_000L;
      default -> throw bad(text, "a latency takes us, ms or s, not '" + unit + "'");
    };
  }

  private static IllegalArgumentException bad(String text, String why) {
    return new IllegalArgumentException("threshold '" + text + "': " + why);
  }

  private static Map<String, Kind> metrics(Object... idKind) {
    Map<String, Kind> m = new LinkedHashMap<>();
    for (int i = 0; i < idKind.length; i += 2) {
      m.put((String) idKind[i], (Kind) idKind[i + 1]);
    }
    return java.util.Collections.unmodifiableMap(m);
  }

  /** The percentile of a latency metric: 99.9 for {@code p99.9}. */
  public double percentile() {
    if (kind != Kind.LATENCY) {
      throw new IllegalStateException(metric + " is not a latency");
    }
    return Double.parseDouble(metric.substring(1));
  }

  /**
   * Whether {@code actual} (in the metric's base unit: ns for a latency) meets the bound; a missing
   * value (null, NaN) never does.
   */
  public boolean passes(Double actual) {
    if (actual == null || actual.isNaN()) {
      return false;
    }
    return switch (op) {
      case "<" -> actual < limit;
      case "<=" -> actual <= limit;
      case ">" -> actual > limit;
      case ">=" -> actual >= limit;
      default -> actual == limit;
    };
  }

  /** The outcome of this threshold on {@code actual} (base unit), the value of {@code subject}. */
  public Check check(Double actual, String subject) {
    return new Check(this, subject, actual, passes(actual));
  }

  /**
   * A point's value as the harness's lines show it, in the threshold's own unit: {@code p99 3.2
   * ms}, {@code throughput 812.0 calls/s}, {@code errors 3}; NaN is a point without kept runs.
   */
  public String measured(double actual) {
    if (Double.isNaN(actual)) {
      return metric + " unknown, no kept runs" + (kind == Kind.LATENCY ? " with a histogram" : "");
    }
    return switch (kind) {
      case RATE -> String.format(Locale.ROOT, "%s %.1f calls/s", metric, actual);
      case COUNT -> metric + " " + (long) actual;
      case LATENCY -> {
        String u = unit.isEmpty() ? "ms" : unit;
        yield String.format(Locale.ROOT, "%s %.1f %s", metric, actual / nanosPer("", u), u);
      }
      default -> metric + " " + shown(actual);
    };
  }

  /**
   * A value as the report's pages show it: {@code 6100 µs}, {@code 0.0200}, {@code +12.0 %}, {@code
   * 31000}; {@code n/a} without one.
   */
  public String shown(Double actual) {
    if (actual == null || actual.isNaN()) {
      return "n/a";
    }
    return switch (kind) {
      case LATENCY -> Num.fixed(actual / 1000, 0) + " µs";
      case CHANGE -> (actual >= 0 ? "+" : "") + Num.fixed(actual, 1) + " %";
      case SHARE -> Num.fixed(actual, 4);
      default -> Num.fixed(actual, 0);
    };
  }

  /** A value in the unit {@link #shown} writes: µs for a latency, the base unit otherwise. */
  public Double inShownUnit(Double actual) {
    return actual == null || kind != Kind.LATENCY ? actual : actual / 1000;
  }

  @Override
  public String toString() {
    return expression;
  }

  /** One threshold applied to one subject; {@code actual} in the metric's base unit. */
  public record Check(Threshold threshold, String subject, Double actual, boolean pass) {
    public String verdict() {
      return pass ? "PASS" : "FAIL";
    }

    /** {@code PASS p99<=5ms: p99 of rpcx is 4200 µs}. */
    public String line() {
      return verdict() + " " + threshold.expression() + ": " + subject + " is " + shownValue();
    }

    /** The value as {@link Threshold#shown} writes it. */
    public String shownValue() {
      return threshold.shown(actual);
    }
  }
}
