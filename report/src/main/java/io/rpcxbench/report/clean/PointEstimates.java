package io.rpcxbench.report.clean;

import io.rpcxbench.report.db.StoredRun;
import io.rpcxbench.stats.Estimate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * A point's statistics with their 95 % intervals and estimators' names, from the report's one
 * engine ({@link Estimate}) over the point's kept runs: what {@code show --cleaned} prints and
 * {@code export} writes. Keys: {@code throughput} (calls/s), {@code tps}, {@code time_total_ms},
 * and {@code p50_us}, {@code p90_us}, {@code p99_us}, {@code p999_us} (in nanoseconds as recorded:
 * {@link #MICROS_PER_UNIT} scales them).
 *
 * <pre>{@code
 * Map<String, Estimate> e = PointEstimates.of(keptRuns);
 * e.get("p99_us").low();   // ns, the bootstrap interval's lower end
 * }</pre>
 */
public final class PointEstimates {
  /** The latency estimates' values are nanoseconds: times this gives microseconds. */
  public static final double MICROS_PER_UNIT = 1e-3;

  private static final double[] PERCENTILES = {50, 90, 99, 99.9};

  private PointEstimates() {}

  /** The estimates of the runs {@code kept} (orders 1..N-1 of a point, or all of a single run). */
  public static Map<String, Estimate> of(List<StoredRun> kept) {
    String runs = Estimate.runs(kept.stream().map(StoredRun::order).toList());
    Map<String, Estimate> e = new LinkedHashMap<>();
    e.put(
        "throughput",
        Estimate.mean(
            "calls/s",
            kept.stream().map(StoredRun::throughput).filter(Objects::nonNull).toList(),
            runs));
    e.put("tps", Estimate.mean("tps", Estimate.values(kept, StoredRun::tps), runs));
    e.put(
        "time_total_ms",
        Estimate.mean("time_total_ms", Estimate.values(kept, StoredRun::timeTotalMs), runs));
    List<Histogram> histograms =
        Latency.merged(kept).isPresent()
            ? kept.stream().map(StoredRun::latencyNanos).flatMap(Optional::stream).toList()
            : List.of();
    // one set of resamples for every percentile: what each alone would give, a quarter the work
    List<Estimate> percentiles = Estimate.percentiles(PERCENTILES, histograms, runs, "runs");
    for (int i = 0; i < PERCENTILES.length; i++) {
      e.put(key(PERCENTILES[i]), percentiles.get(i));
    }
    return e;
  }

  /** Whether the statistic under {@code key} is a latency (recorded in nanoseconds). */
  public static boolean latency(String key) {
    return key.endsWith("_us");
  }

  private static String key(double q) {
    return "p" + (q == 99.9 ? "999" : String.valueOf((int) q)) + "_us";
  }
}
