package io.rpcxbench.raw;

import java.util.Locale;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * One run of a point: a row of a raw file (docs/raw-format.md). The paper's columns (type,
 * threadNum, requestNum, order, timeTotal in ms, tps), then calls, errors, throughput (calls/s),
 * the latency percentiles in µs and the run's latency histogram ({@link Histograms} text, in
 * nanoseconds; {@code ""} when there is none). A column absent from a file (v1 files without the
 * optional columns) reads as 0; {@link RawContents#hasColumn} says which ones were there.
 *
 * <pre>{@code
 * RunRow row = RunRow.measured(1, 10, 100, 0, 944.112, 1000, 0, latencyNanos);
 * String line = row.toCsv();   // "1,10,100,0,944.112,105.920,1000,0,1059.197,812.0,...,HISTF..."
 * }</pre>
 */
public record RunRow(
    int type,
    int threadNum,
    int requestNum,
    int order,
    double timeTotal,
    double tps,
    long calls,
    long errors,
    double throughput,
    double p50Us,
    double p90Us,
    double p99Us,
    double p999Us,
    double maxUs,
    String histogram) {

  /** {@code histogram} null means none; it must not contain a comma or a line break. */
  public RunRow {
    histogram = histogram == null ? "" : histogram;
    if (histogram.indexOf(',') >= 0
        || histogram.indexOf('\n') >= 0
        || histogram.indexOf('\r') >= 0) {
      throw new IllegalArgumentException("histogram text must not contain ',' or line breaks");
    }
  }

  /**
   * A row from what a run measured: tps, throughput and percentiles are derived the way the harness
   * always has (tps = requestNum / s, percentiles = nanoseconds / 1000).
   */
  public static RunRow measured(
      int type,
      int threadNum,
      int requestNum,
      int order,
      double timeTotalMs,
      long calls,
      long errors,
      Histogram latencyNanos) {
    double seconds = timeTotalMs / 1000.0;
    return new RunRow(
        type,
        threadNum,
        requestNum,
        order,
        timeTotalMs,
        requestNum / seconds,
        calls,
        errors,
        calls / seconds,
        latencyNanos.getValueAtPercentile(50) / 1000.0,
        latencyNanos.getValueAtPercentile(90) / 1000.0,
        latencyNanos.getValueAtPercentile(99) / 1000.0,
        latencyNanos.getValueAtPercentile(99.9) / 1000.0,
        latencyNanos.getMaxValue() / 1000.0,
        latencyNanos.getTotalCount() == 0 ? "" : Histograms.encode(latencyNanos));
  }

  /** The row as written in a v2 file: {@code '.'} decimals whatever the default locale. */
  public String toCsv() {
    return String.format(
            Locale.ROOT,
            "%d,%d,%d,%d,%.3f,%.3f,%d,%d,%.3f,%.1f,%.1f,%.1f,%.1f,%.1f",
            type,
            threadNum,
            requestNum,
            order,
            timeTotal,
            tps,
            calls,
            errors,
            throughput,
            p50Us,
            p90Us,
            p99Us,
            p999Us,
            maxUs)
        + ","
        + histogram;
  }

  /** The run's latency histogram in nanoseconds; empty when the row has none. */
  public Optional<Histogram> latencyNanos() {
    return histogram.isEmpty() ? Optional.empty() : Optional.of(Histograms.decode(histogram));
  }
}
