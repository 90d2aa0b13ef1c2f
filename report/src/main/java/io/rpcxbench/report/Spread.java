package io.rpcxbench.report;

import java.util.List;
import java.util.Objects;

/** Mean, min, max and sample standard deviation (n - 1) of some values; stdev is null for n < 2. */
record Spread(int n, Double mean, Double min, Double max, Double stdev) {

  /** The spread of the non-null {@code values}; all fields null when there are none. */
  static Spread of(List<Double> values) {
    List<Double> v = values.stream().filter(Objects::nonNull).toList();
    if (v.isEmpty()) {
      return new Spread(0, null, null, null, null);
    }
    double sum = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double x : v) {
      sum += x;
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    double mean = sum / v.size();
    Double stdev = null;
    if (v.size() > 1) {
      double squares = 0;
      for (double x : v) {
        squares += (x - mean) * (x - mean);
      }
      stdev = Math.sqrt(squares / (v.size() - 1));
    }
    return new Spread(v.size(), mean, min, max, stdev);
  }
}
