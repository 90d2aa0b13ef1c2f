package io.rpcxbench.message;

import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A size drawn per record: {@code 10} or {@code fixed(10)}, {@code uniform(5,20)} (both ends
 * included), {@code normal(50,10)} and {@code exponential(20)} (mean), never below zero.
 */
public record Distribution(String kind, double a, double b) {
  private static final Pattern FORM =
      Pattern.compile(
          "(fixed|uniform|normal|exponential)\\(\\s*([0-9.]+)\\s*(?:,\\s*([0-9.]+)\\s*)?\\)");

  public static Distribution parse(String what, String text) {
    String t = text.strip();
    if (t.matches("[0-9]+")) {
      return new Distribution("fixed", Double.parseDouble(t), 0);
    }
    Matcher m = FORM.matcher(t);
    if (!m.matches()) {
      throw new ShapeException(
          what
              + " must be N, fixed(N), uniform(MIN,MAX), normal(MEAN,SD) or exponential(MEAN), got '"
              + text
              + "'");
    }
    String kind = m.group(1);
    boolean two = kind.equals("uniform") || kind.equals("normal");
    if (two != (m.group(3) != null)) {
      throw new ShapeException(
          what
              + ": "
              + kind
              + " takes "
              + (two ? "two numbers" : "one number")
              + ", got '"
              + text
              + "'");
    }
    double a = Double.parseDouble(m.group(2));
    double b = two ? Double.parseDouble(m.group(3)) : 0;
    if (kind.equals("uniform") && b < a) {
      throw new ShapeException(what + ": uniform's MAX is below its MIN in '" + text + "'");
    }
    return new Distribution(kind, a, b);
  }

  public int sample(SplittableRandom random) {
    double v =
        switch (kind) {
          case "fixed" -> a;
          case "uniform" -> a + Math.floor(random.nextDouble() * (b - a + 1));
          case "normal" -> a + b * gaussian(random);
          default -> -a * Math.log(1 - random.nextDouble());
        };
    return (int) Math.max(0, Math.min(Integer.MAX_VALUE, Math.round(v)));
  }

  private static double gaussian(SplittableRandom random) {
    return Math.sqrt(-2 * Math.log(1 - random.nextDouble()))
        * Math.cos(2 * Math.PI * random.nextDouble());
  }

  @Override
  public String toString() {
    return switch (kind) {
      case "fixed" -> "fixed(" + (long) a + ")";
      case "uniform", "normal" -> kind + "(" + num(a) + "," + num(b) + ")";
      default -> kind + "(" + num(a) + ")";
    };
  }

  private static String num(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
