package io.rpcxbench.verdict.map;

import io.rpcxbench.stats.Num;
import java.util.Arrays;

/**
 * An axis of the link a map runs across ({@code rpcx-bench choose --across}), as {@code map.tsv}
 * writes it: its column, its unit and whether its values are spread on a log scale (round trip and
 * bandwidth, from 0.1 ms to 100 ms, from 1 Mbit/s to 1 Gbit/s) or a linear one (loss and jitter).
 */
enum MapAxis {
  RTT("rtt", "rtt_ms", "round trip added", "ms", true),
  LOSS("loss", "loss_pct", "packet loss", "%", false),
  RATE("rate", "rate_mbit", "bandwidth", "Mbit/s", true),
  JITTER("jitter", "jitter_ms", "jitter", "ms", false);

  final String id;
  final String column;
  final String words;
  final String unit;
  final boolean log;

  MapAxis(String id, String column, String words, String unit, boolean log) {
    this.id = id;
    this.column = column;
    this.words = words;
    this.unit = unit;
    this.log = log;
  }

  static MapAxis of(String id) {
    return Arrays.stream(values())
        .filter(a -> a.id.equals(id))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown axis '" + id + "'"));
  }

  /** {@code 12 ms}, {@code 0.5 %}, {@code 100 Mbit/s}; a null rate is not limited. */
  String text(Double v) {
    if (v == null) {
      return this == RATE ? "unlimited" : "–";
    }
    return Num.significant(v) + " " + unit;
  }

  /**
   * Where {@code v} lies on the axis's scale: its log for a log axis when {@code positive} (every
   * value of the line above 0), else itself.
   */
  double coordinate(double v, boolean positive) {
    return log && positive ? Math.log10(v) : v;
  }

  double value(double coordinate, boolean positive) {
    return log && positive ? Math.pow(10, coordinate) : coordinate;
  }

  /** Whether two neighbouring values lie far enough apart to measure one between them. */
  boolean worthSplitting(double a, double b) {
    double lo = Math.min(a, b);
    double hi = Math.max(a, b);
    if (log && lo > 0) {
      return hi / lo > 1.5;
    }
    return hi - lo > (this == LOSS ? 0.1 : 0.1 * Math.max(1, hi));
  }

  /** The value between {@code a} and {@code b}, to two significant digits. */
  double between(double a, double b) {
    double mid = log && a > 0 && b > 0 ? Math.sqrt(a * b) : (a + b) / 2;
    if (mid == 0) {
      return 0;
    }
    double scale = Math.pow(10, Math.floor(Math.log10(Math.abs(mid))) - 1);
    return Math.round(mid / scale) * scale;
  }
}
