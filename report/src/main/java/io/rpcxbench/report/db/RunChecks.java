package io.rpcxbench.report.db;

import java.util.List;
import java.util.Locale;

/**
 * Plausibility of one run row, on top of the raw-format library's syntax checks (which accept any
 * non-negative decimal, even {@code 1e999}). A run is stored only if every number is finite and in
 * range:
 *
 * <ul>
 *   <li>{@code timeTotal}: {@code 0 < ms <= }{@link #MAX_TIME_MS} (a run of one week);
 *   <li>{@code tps}: {@code requestNum / (timeTotal / 1000)} (the paper's Eq. 3), within 1 % and
 *       the rounding of the printed time;
 *   <li>{@code calls} (when the file has the column): at most {@code threadNum x requestNum};
 *       {@code errors}: at most {@code calls} (or {@code threadNum x requestNum});
 *   <li>{@code throughput} (with {@code calls}): {@code calls / (timeTotal / 1000)}, same
 *       tolerance;
 *   <li>latency percentiles: at most {@link #MAX_LATENCY_US} and {@code p50 <= p90 <= p99 <= p99.9
 *       <= max}.
 * </ul>
 */
final class RunChecks {
  static final double MAX_TIME_MS = 7 * 24 * 3600 * 1000.0;
  static final double MAX_LATENCY_US = MAX_TIME_MS * 1000;

  /** Relative tolerance of a derived rate (tps, throughput) against its definition. */
  static final double RATE_TOLERANCE = 0.01;

  /** Half the last printed digit of timeTotal (the writer prints 3 decimals). */
  private static final double TIME_ROUNDING_MS = 0.0005;

  private static final List<String> PERCENTILES =
      List.of("p50_us", "p90_us", "p99_us", "p999_us", "max_us");

  private RunChecks() {}

  /** Why {@code run} is implausible, or null if it is fine. {@code columns}: the file's header. */
  static String problem(StoredRun run, List<String> columns) {
    double t = run.timeTotalMs();
    if (!Double.isFinite(t) || t <= 0 || t > MAX_TIME_MS) {
      return "timeTotal out of range (0, " + fmt(MAX_TIME_MS) + "] ms: " + fmt(t);
    }
    if (!Double.isFinite(run.tps()) || !rateMatches(run.tps(), run.requestNum(), t)) {
      return "tps "
          + fmt(run.tps())
          + " is not requestNum / timeTotal = "
          + fmt(run.requestNum() / (t / 1000))
          + " (tolerance 1 %)";
    }
    long most = (long) run.threadNum() * run.requestNum();
    Long calls = columns.contains("calls") ? run.calls() : null;
    if (calls != null && calls > most) {
      return "calls " + calls + " exceed threadNum x requestNum = " + most;
    }
    if (columns.contains("errors") && run.errors() != null) {
      long bound = calls != null ? calls : most;
      if (run.errors() > bound) {
        return "errors "
            + run.errors()
            + " exceed "
            + (calls != null ? "calls = " : "threadNum x requestNum = ")
            + bound;
      }
    }
    if (calls != null && columns.contains("throughput")) {
      double th = run.throughput();
      if (!Double.isFinite(th) || !rateMatches(th, calls, t)) {
        return "throughput "
            + fmt(th)
            + " is not calls / timeTotal = "
            + fmt(calls / (t / 1000))
            + " (tolerance 1 %)";
      }
    }
    Double[] p = {run.p50Us(), run.p90Us(), run.p99Us(), run.p999Us(), run.maxUs()};
    Double previous = null;
    for (int i = 0; i < p.length; i++) {
      if (!columns.contains(PERCENTILES.get(i)) || p[i] == null) {
        continue;
      }
      if (!Double.isFinite(p[i]) || p[i] > MAX_LATENCY_US) {
        return PERCENTILES.get(i) + " out of range [0, " + fmt(MAX_LATENCY_US) + "]: " + fmt(p[i]);
      }
      if (previous != null && p[i] < previous) {
        return PERCENTILES.get(i) + " " + fmt(p[i]) + " is below the previous percentile";
      }
      previous = p[i];
    }
    return null;
  }

  /** Whether {@code rate} is {@code count / (ms / 1000)}, allowing for the rounding of ms. */
  static boolean rateMatches(double rate, double count, double ms) {
    double low = count / ((ms + TIME_ROUNDING_MS) / 1000) * (1 - RATE_TOLERANCE);
    double high =
        ms > TIME_ROUNDING_MS
            ? count / ((ms - TIME_ROUNDING_MS) / 1000) * (1 + RATE_TOLERANCE)
            : Double.MAX_VALUE;
    // The writer prints rates with 3 decimals.
    return rate >= low - 0.001 && rate <= high + 0.001;
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }
}
