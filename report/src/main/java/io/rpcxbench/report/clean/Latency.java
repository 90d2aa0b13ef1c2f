package io.rpcxbench.report.clean;

import io.rpcxbench.raw.Histograms;
import io.rpcxbench.report.db.StoredRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The latency percentiles (µs) of a set of runs and where they came from. When every run that made
 * calls has a histogram (v2 files), they come from the runs' merged histogram ({@code from =
 * "histogram"}), so a p99 is the p99 of all their calls; otherwise (v1 files) they are the means of
 * the runs' own percentiles ({@code "average"}), as before v2. Without any percentile every field
 * is null ({@link #NONE}).
 *
 * <pre>{@code
 * Latency l = Latency.of(keptRuns);
 * Double p99 = l.p99Us(); // null if no run recorded one
 * }</pre>
 */
public record Latency(
    Double p50Us, Double p90Us, Double p99Us, Double p999Us, Double maxUs, String from) {

  /** Percentiles from the runs' merged latency histogram. */
  public static final String FROM_HISTOGRAM = "histogram";

  /** Percentiles as the means of the runs' own percentiles (v1 files, without histograms). */
  static final String FROM_AVERAGE = "average";

  /** No percentiles: the latency of a point without a kept run. */
  public static final Latency NONE = new Latency(null, null, null, null, null, null);

  static Latency of(List<StoredRun> runs) {
    Optional<Histogram> merged = merged(runs);
    if (merged.isPresent()) {
      Histogram h = merged.get();
      return new Latency(
          micros(h.getValueAtPercentile(50)),
          micros(h.getValueAtPercentile(90)),
          micros(h.getValueAtPercentile(99)),
          micros(h.getValueAtPercentile(99.9)),
          micros(h.getMaxValue()),
          FROM_HISTOGRAM);
    }
    Double p50 = Cleaner.spread(runs, StoredRun::p50Us).avg();
    return new Latency(
        p50,
        Cleaner.spread(runs, StoredRun::p90Us).avg(),
        Cleaner.spread(runs, StoredRun::p99Us).avg(),
        Cleaner.spread(runs, StoredRun::p999Us).avg(),
        Cleaner.spread(runs, StoredRun::maxUs).avg(),
        p50 == null ? null : FROM_AVERAGE);
  }

  /**
   * The merged histogram of {@code runs}, if there is something to merge and no run that made calls
   * lacks a histogram (a run without calls has an empty histogram column).
   */
  public static Optional<Histogram> merged(List<StoredRun> runs) {
    List<Histogram> all = new ArrayList<>();
    for (StoredRun r : runs) {
      Optional<Histogram> h = r.latencyNanos();
      if (h.isPresent()) {
        all.add(h.get());
      } else if (r.calls() == null || r.calls() > 0) {
        return Optional.empty();
      }
    }
    return all.isEmpty() ? Optional.empty() : Optional.of(Histograms.merge(all));
  }

  private static double micros(long nanos) {
    return nanos / 1000.0;
  }
}
