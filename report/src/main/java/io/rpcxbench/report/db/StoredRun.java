package io.rpcxbench.report.db;

import io.rpcxbench.raw.Histograms;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RunRow;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * One run of one point as stored in {@code raw_result}: the paper's original data model (Fig. 7a:
 * type, threadNum, requestNum, order, timeTotal, TPS) plus our calls, errors, throughput, latency
 * percentiles and the run's latency histogram (ns), and for the open loop the offered and achieved
 * rate (calls/s) and the calls dropped, and what limited the run ({@code limited_by}: client,
 * server, link, none). Nullable fields are columns absent from the file.
 */
public record StoredRun(
    int type,
    int threadNum,
    int requestNum,
    int order,
    double timeTotalMs,
    double tps,
    Long calls,
    Long errors,
    Double throughput,
    Double p50Us,
    Double p90Us,
    Double p99Us,
    Double p999Us,
    Double maxUs,
    String histogram,
    Double targetRate,
    Double achievedRate,
    Long dropped,
    String limitedBy) {

  /** {@code row} of a file read by raw-format; columns the file lacks become null. */
  static StoredRun of(RunRow row, RawContents file) {
    return new StoredRun(
        row.type(),
        row.threadNum(),
        row.requestNum(),
        row.order(),
        row.timeTotal(),
        row.tps(),
        file.hasColumn("calls") ? row.calls() : null,
        file.hasColumn("errors") ? row.errors() : null,
        file.hasColumn("throughput") ? row.throughput() : null,
        file.hasColumn("p50_us") ? row.p50Us() : null,
        file.hasColumn("p90_us") ? row.p90Us() : null,
        file.hasColumn("p99_us") ? row.p99Us() : null,
        file.hasColumn("p999_us") ? row.p999Us() : null,
        file.hasColumn("max_us") ? row.maxUs() : null,
        row.histogram().isEmpty() ? null : row.histogram(),
        decimal(row, "target_rate"),
        decimal(row, "achieved_rate"),
        decimal(row, "dropped") == null ? null : decimal(row, "dropped").longValue(),
        file.hasColumn("limited_by") ? limitedBy(row) : null);
  }

  /** Longest {@code limited_by} value stored; the harness writes one short word. */
  static final int LIMITED_BY_LENGTH = 16;

  /** The run's {@code limited_by} value, trimmed; null when blank. */
  private static String limitedBy(RunRow row) {
    String v = row.extra("limited_by").map(String::trim).orElse("");
    if (v.isEmpty()) {
      return null;
    }
    return v.length() <= LIMITED_BY_LENGTH ? v : v.substring(0, LIMITED_BY_LENGTH);
  }

  /** An extra column as a finite number >= 0, else null (absent or not a number). */
  private static Double decimal(RunRow row, String column) {
    try {
      Double v = row.extra(column).filter(t -> !t.isBlank()).map(Double::valueOf).orElse(null);
      return v == null || !Double.isFinite(v) || v < 0 ? null : v;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The run's latency histogram (ns), if it has one. */
  public Optional<Histogram> latencyNanos() {
    return histogram == null || histogram.isEmpty()
        ? Optional.empty()
        : Optional.of(Histograms.decode(histogram));
  }
}
