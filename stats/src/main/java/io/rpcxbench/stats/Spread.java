package io.rpcxbench.stats;

import java.util.List;
import java.util.Objects;

/**
 * Average, min, max and sample standard deviation (n - 1) of some values, e.g. the runtime (ms) or
 * the TPS of a point's kept runs: {@code avg} is the paper's timeTotalAvg or tpsAvg. Any field may
 * be null: all of them when there were no values ({@link #NONE}), {@code stdev} for a single value.
 *
 * <pre>{@code
 * Spread s = Spread.of(List.of(10.0, 14.0, 18.0)); // avg 14, min 10, max 18, stdev 4
 * }</pre>
 */
public record Spread(Double avg, Double min, Double max, Double stdev) {

  /** No values: the spread of a point without a kept run. */
  public static final Spread NONE = new Spread(null, null, null, null);

  /** The spread of the non-null {@code values}; {@link #NONE} when there are none. */
  public static Spread of(List<Double> values) {
    List<Double> v = values.stream().filter(Objects::nonNull).toList();
    if (v.isEmpty()) {
      return NONE;
    }
    double sum = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double x : v) {
      sum += x;
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    double avg = sum / v.size();
    Double stdev = null;
    if (v.size() > 1) {
      double squares = 0;
      for (double x : v) {
        squares += (x - avg) * (x - avg);
      }
      stdev = Math.sqrt(squares / (v.size() - 1));
    }
    return new Spread(avg, min, max, stdev);
  }
}
