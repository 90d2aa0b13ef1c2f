package io.rpcxbench.report;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail condition on a result, in k6's form {@code METRIC OP VALUE[UNIT]}: {@code
 * capacity>20000}, {@code p99<=5ms}, {@code drops<1%}, {@code delta.p99<10%}. Latencies ({@code
 * p50}, {@code p90}, {@code p99}, {@code p99.9}) take {@code ms}, {@code us} (or {@code µs}) or
 * {@code s}, a plain number being milliseconds as in k6, and are held in µs; {@code drops} is a
 * share of the offered calls ({@code 0.01} or {@code 1%}); {@code delta.*} metrics are changes in
 * percent ({@code %} optional); every other metric a plain number. Which metrics a command knows is
 * its own list ({@link #CHOOSE}, {@link #DIFF}).
 *
 * <pre>{@code
 * Threshold t = Threshold.parse("p99<=5ms", Threshold.CHOOSE);
 * t.value();               // 5000.0 (µs)
 * t.passes(4200.0);        // true
 * t.check(6100.0, "p99 of rpcx").line();   // "FAIL p99<=5ms: p99 of rpcx is 6100"
 * }</pre>
 *
 * @param text the expression as typed
 * @param value the bound in the metric's unit (µs for latencies, a share for drops)
 */
record Threshold(String text, String metric, String op, double value) {
  static final List<String> CHOOSE = List.of("capacity", "p50", "p99", "p99.9", "errors", "drops");
  static final List<String> DIFF =
      List.of(
          "throughput",
          "p50",
          "p99",
          "p99.9",
          "delta.throughput",
          "delta.p50",
          "delta.p99",
          "delta.p99.9");

  private static final List<String> LATENCIES = List.of("p50", "p90", "p99", "p99.9");
  private static final Pattern FORM =
      Pattern.compile(
          "\\s*([a-z][a-z0-9.]*?)\\s*(<=|>=|==|<|>)\\s*"
              + "([-+]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?)\\s*(ms|us|µs|s|%)?\\s*");

  /**
   * Parses {@code text} for a command that knows {@code metrics}.
   *
   * @throws IllegalArgumentException naming the expression and what is wrong with it
   */
  static Threshold parse(String text, List<String> metrics) {
    Matcher m = FORM.matcher(text == null ? "" : text.toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw bad(text, "want METRIC OP VALUE[UNIT], e.g. p99<=5ms or capacity>20000");
    }
    String metric = m.group(1);
    if (!metrics.contains(metric)) {
      throw bad(
          text, "unknown metric '" + metric + "' (one of " + String.join(", ", metrics) + ")");
    }
    double number = Double.parseDouble(m.group(3));
    String unit = m.group(4) == null ? "" : m.group(4);
    double value;
    if (LATENCIES.contains(metric)) {
      value =
          switch (unit) {
            case "", "ms" -> number * 1000;
            case "us", "µs" -> number;
            case "s" -> number * 1_000_000;
            default -> throw bad(text, "a latency takes ms, us or s, not " + unit);
          };
    } else if (metric.startsWith("delta.")) {
      if (!unit.isEmpty() && !unit.equals("%")) {
        throw bad(text, "a change is in percent, not " + unit);
      }
      value = number;
    } else if (metric.equals("drops")) {
      if (!unit.isEmpty() && !unit.equals("%")) {
        throw bad(text, "drops are a share (0.01) or a percentage (1%), not " + unit);
      }
      value = unit.equals("%") ? number / 100 : number;
    } else {
      if (!unit.isEmpty()) {
        throw bad(text, metric + " is a plain number, without " + unit);
      }
      value = number;
    }
    return new Threshold(text.trim(), metric, m.group(2), value);
  }

  private static IllegalArgumentException bad(String text, String why) {
    return new IllegalArgumentException("threshold '" + text + "': " + why);
  }

  /** Whether {@code actual} (in the metric's unit) meets the bound; a missing value does not. */
  boolean passes(Double actual) {
    if (actual == null || actual.isNaN()) {
      return false;
    }
    return switch (op) {
      case "<" -> actual < value;
      case "<=" -> actual <= value;
      case ">" -> actual > value;
      case ">=" -> actual >= value;
      default -> actual == value;
    };
  }

  /** The outcome of this threshold on {@code actual}, the value of {@code subject}. */
  Check check(Double actual, String subject) {
    return new Check(this, subject, actual, passes(actual));
  }

  /** The value in the metric's usual words: {@code 6100 µs}, {@code 0.020}, {@code +12.0 %}. */
  String shown(Double actual) {
    if (actual == null || actual.isNaN()) {
      return "n/a";
    }
    if (LATENCIES.contains(metric)) {
      return Num.fixed(actual, 0) + " µs";
    }
    if (metric.startsWith("delta.")) {
      return (actual >= 0 ? "+" : "") + Num.fixed(actual, 1) + " %";
    }
    return metric.equals("drops") ? Num.fixed(actual, 4) : Num.fixed(actual, 0);
  }

  /** One threshold applied to one subject. */
  record Check(Threshold threshold, String subject, Double actual, boolean pass) {
    String verdict() {
      return pass ? "PASS" : "FAIL";
    }

    /** {@code PASS p99<=5ms: p99 of rpcx is 4200 µs}. */
    String line() {
      return verdict() + " " + threshold.text() + ": " + subject + " is " + threshold.shown(actual);
    }
  }
}
