package io.rpcxbench.verdict.compare;

import io.rpcxbench.stats.Num;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One of the project's own goals for a comparison (a line of {@code bench/compare-targets.tsv}): at
 * the point of a kind with the most or the fewest threads (calls in flight), {@code mine}'s metric
 * over {@code peer}'s (or {@code mine}'s own, peer {@code -}) must be at least or at most {@code
 * goal}. The data file belongs to the project's benchmark docs; {@code report compare} shows the
 * targets only when it is given one.
 *
 * <pre>
 * # kind  at     mine  peer  metric      op  goal  name ({n}: the point's count)
 * closed  most   rpcx  grpc  calls_s     ge  5     RPCX / gRPC calls/s, closed loop, {n} threads (issue 6)
 * closed  most   rpcx  -     p99         le  2000  RPCX p99, closed loop, {n} threads (issue 6)
 * </pre>
 */
public record CompareTarget(
    String kind,
    String at,
    String mine,
    String peer,
    String metric,
    String op,
    double goal,
    String name) {
  static final List<String> METRICS = List.of("calls_s", "p50", "p99", "server_cpu");

  /**
   * Reads a targets file: tab-separated, {@code #} starts a comment.
   *
   * @throws IllegalArgumentException naming the line when one is malformed
   */
  public static List<CompareTarget> read(Path file) throws IOException {
    List<CompareTarget> out = new ArrayList<>();
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t");
      String where = file + ":" + (i + 1) + ": ";
      if (f.length != 8
          || !List.of("closed", "inflight").contains(f[0])
          || !List.of("most", "fewest").contains(f[1])
          || !METRICS.contains(f[4])
          || !List.of("ge", "le").contains(f[5])) {
        throw new IllegalArgumentException(
            where
                + "want 8 tab-separated fields: closed|inflight most|fewest MINE PEER|-"
                + " calls_s|p50|p99|server_cpu ge|le GOAL NAME");
      }
      try {
        out.add(
            new CompareTarget(
                f[0], f[1], f[2], f[3], f[4], f[5], Double.parseDouble(f[6]), f[7].trim()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(where + "goal '" + f[6] + "' is not a number", e);
      }
    }
    return out;
  }

  /** A ratio of two variants ({@code x}) or one variant's own value (µs). */
  boolean ratio() {
    return !peer.equals("-");
  }

  /** {@code PASS}, or {@code MISS (n % short of the target)}; {@code n/a} without a value. */
  String verdict(Double value) {
    if (value == null || value.isNaN()) {
      return "n/a";
    }
    boolean ok = op.equals("ge") ? value >= goal : value <= goal;
    if (ok) {
      return "PASS";
    }
    return op.equals("ge")
        ? String.format(Locale.ROOT, "MISS (%.0f %% short of the target)", (1 - value / goal) * 100)
        : String.format(Locale.ROOT, "MISS (%.0f %% over the target)", (value / goal - 1) * 100);
  }

  /** {@code >= 5x}, {@code <= 2000 µs}. */
  String goalText() {
    String g = goal == Math.rint(goal) ? Num.fixed(goal, 0) : String.valueOf(goal);
    return (op.equals("ge") ? ">= " : "<= ") + g + (ratio() ? "x" : " µs");
  }
}
