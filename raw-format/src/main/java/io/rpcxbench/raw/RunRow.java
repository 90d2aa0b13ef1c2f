package io.rpcxbench.raw;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * One run of a point: a row of a raw file (docs/raw-format.md). The paper's columns (type,
 * threadNum, requestNum, order, timeTotal in ms, tps), then calls, errors, throughput (calls/s),
 * the latency percentiles in µs and the run's latency histogram ({@link Histograms} text, in
 * nanoseconds; {@code ""} when there is none). A column absent from a file (v1 files without the
 * optional columns) reads as 0; {@link RawContents#hasColumn} says which ones were there.
 *
 * <p>{@code extra}: the columns after {@code histogram} that this library does not name (the load
 * models' columns, e.g. {@code service_histogram}, {@code dropped}, {@code client_cpu_s}), as text
 * in header order; readers that do not know them ignore them. Every row of a file has the same
 * ones.
 *
 * <pre>{@code
 * RunRow row = RunRow.measured(1, 10, 100, 0, 944.112, 1000, 0, latencyNanos);
 * String line = row.toCsv();   // "1,10,100,0,944.112,105.920,1000,0,1059.197,812.0,...,HISTF..."
 * RunRow open = row.withExtra(Map.of("dropped", "0"));   // "...,HISTF...,0"
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
    String histogram,
    Map<String, String> extra) {

  /**
   * {@code histogram} null means none; it and the extra values must not contain a comma or a line
   * break; extra columns must not be named like the named ones.
   */
  public RunRow {
    histogram = histogram == null ? "" : histogram;
    if (!plain(histogram)) {
      throw new IllegalArgumentException("histogram text must not contain ',' or line breaks");
    }
    extra = Collections.unmodifiableMap(new LinkedHashMap<>(extra == null ? Map.of() : extra));
    extra.forEach(
        (column, value) -> {
          if (RawResultFile.COLUMNS.contains(column)
              || !column.matches("[a-z][a-z0-9_]*")
              || !plain(value)) {
            throw new IllegalArgumentException(
                "extra column '" + column + "' = '" + value + "': bad name or value");
          }
        });
  }

  /** A row with only the named columns (no extra ones). */
  public RunRow(
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
    this(
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
        maxUs,
        histogram,
        Map.of());
  }

  private static boolean plain(String text) {
    return text.indexOf(',') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0;
  }

  /**
   * This row with {@code columns} added after its extra columns (a column given again is replaced).
   */
  public RunRow withExtra(Map<String, String> columns) {
    Map<String, String> all = new LinkedHashMap<>(extra);
    all.putAll(columns);
    return new RunRow(
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
        maxUs,
        histogram,
        all);
  }

  /** An extra column's value, if the row has it. */
  public Optional<String> extra(String column) {
    return Optional.ofNullable(extra.get(column));
  }

  /**
   * An extra column holding a histogram in {@link Histograms} text (e.g. {@code
   * service_histogram}), if the row has it and it is not empty.
   */
  public Optional<Histogram> extraHistogram(String column) {
    return extra(column).filter(t -> !t.isEmpty()).map(Histograms::decode);
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

  /**
   * The row as written in a v2 file: {@code '.'} decimals whatever the default locale; the extra
   * values last, in their order.
   */
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
        + histogram
        + (extra.isEmpty() ? "" : "," + String.join(",", extra.values()));
  }

  /** The run's latency histogram in nanoseconds; empty when the row has none. */
  public Optional<Histogram> latencyNanos() {
    return histogram.isEmpty() ? Optional.empty() : Optional.of(Histograms.decode(histogram));
  }
}
