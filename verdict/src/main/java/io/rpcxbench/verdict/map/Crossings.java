package io.rpcxbench.verdict.map;

import java.util.ArrayList;
import java.util.List;

/**
 * Where along one line of a map (one axis varied, the others fixed) a pair's ranking changes. Each
 * measured condition gives the log of the capacity ratio B / A with its 95 % interval and whether
 * the scorecard's test told the two apart. A crossing lies between a condition where one side is
 * significantly ahead and the next decided condition where the other is, with only undecided ones
 * between; its estimate is where the log ratio, drawn straight between neighbours on the axis's
 * scale (log for round trip and bandwidth), reaches 0, and its interval runs from where the
 * leader's interval first takes in 0 to where the follower's last leaves it. An undecided stretch
 * is never a crossing: the map hatches it.
 *
 * <pre>{@code
 * Crossings.of(points, MapAxis.RTT);  // [Crossing[from=-1, estimate=12.0, low=8.1, high=17.2, ...]]
 * }</pre>
 */
final class Crossings {
  private Crossings() {}

  /**
   * A condition on the line: its value on the axis, the log ratio ln(B / A) with its interval
   * (null: no test), and whether the pair was told apart there.
   */
  record Point(double x, Double logRatio, Double low, Double high, boolean decided) {
    /** +1: B significantly ahead; -1: A; 0: not told apart. */
    int side() {
      if (!decided || logRatio == null) {
        return 0;
      }
      return logRatio > 0 ? 1 : logRatio < 0 ? -1 : 0;
    }
  }

  /**
   * A crossing: {@code from} the side ahead below it (+1 B, -1 A), its estimate and interval on the
   * axis, and the indices of the decided conditions either side.
   */
  record Crossing(int from, double estimate, double low, double high, int left, int right) {}

  /** The crossings along {@code points} (sorted by x), in order. */
  static List<Crossing> of(List<Point> points, MapAxis axis) {
    boolean positive = points.stream().allMatch(p -> p.x() > 0);
    List<Crossing> out = new ArrayList<>();
    int i = next(points, 0);
    while (i >= 0) {
      int j = next(points, i + 1);
      if (j < 0) {
        break;
      }
      int s = points.get(i).side();
      if (points.get(j).side() == -s) {
        double estimate = zero(points, i, j, axis, positive, s, Point::logRatio, false);
        // the leader's near edge: s = +1 (B ahead, low > 0) leaves by its low
        double low = zero(points, i, j, axis, positive, s, s > 0 ? Point::low : Point::high, false);
        double high = zero(points, i, j, axis, positive, s, s > 0 ? Point::high : Point::low, true);
        out.add(new Crossing(s, estimate, Math.min(low, estimate), Math.max(high, estimate), i, j));
      }
      i = j;
    }
    return out;
  }

  /**
   * Where the model's bounds change order along a line: {@code logRatios} the log of B's bound over
   * A's per point (a tie within 5 % counts as none); each flip interpolated on the axis's scale.
   */
  static List<Double> flips(List<Double> xs, List<Double> logRatios, MapAxis axis) {
    boolean positive = xs.stream().allMatch(x -> x > 0);
    List<Double> out = new ArrayList<>();
    double tie = Math.log(1.05);
    int last = -1;
    for (int k = 0; k < xs.size(); k++) {
      Double r = logRatios.get(k);
      if (r == null || !Double.isFinite(r) || Math.abs(r) < tie) {
        continue;
      }
      if (last >= 0 && Math.signum(r) != Math.signum(logRatios.get(last))) {
        double a = axis.coordinate(xs.get(last), positive);
        double b = axis.coordinate(xs.get(k), positive);
        double ra = logRatios.get(last);
        out.add(axis.value(a + (b - a) * ra / (ra - r), positive));
      }
      last = k;
    }
    return out;
  }

  /** The next decided point at or after {@code from}; -1 when none. */
  private static int next(List<Point> points, int from) {
    for (int k = from; k < points.size(); k++) {
      if (points.get(k).side() != 0) {
        return k;
      }
    }
    return -1;
  }

  /**
   * Where {@code f}, drawn straight between neighbours from {@code i} to {@code j}, changes from
   * the sign {@code s} (or from 0 to {@code -s}): the first such place, or the last when {@code
   * last}. Where no segment crosses, the end's value on the axis.
   */
  private static double zero(
      List<Point> points,
      int i,
      int j,
      MapAxis axis,
      boolean positive,
      int s,
      java.util.function.Function<Point, Double> f,
      boolean last) {
    Double found = null;
    Integer prev = null;
    for (int k = i; k <= j; k++) {
      if (f.apply(points.get(k)) == null) {
        continue;
      }
      if (prev != null) {
        double ya = s * f.apply(points.get(prev));
        double yb = s * f.apply(points.get(k));
        if (ya > 0 && yb <= 0 || ya >= 0 && yb < 0) {
          double a = axis.coordinate(points.get(prev).x(), positive);
          double b = axis.coordinate(points.get(k).x(), positive);
          double at = ya == yb ? a : a + (b - a) * ya / (ya - yb);
          found = axis.value(at, positive);
          if (!last) {
            return found;
          }
        }
      }
      prev = k;
    }
    if (found != null) {
      return found;
    }
    return last ? points.get(j).x() : points.get(i).x();
  }
}
