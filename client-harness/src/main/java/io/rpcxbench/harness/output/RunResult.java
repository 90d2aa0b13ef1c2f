package io.rpcxbench.harness.output;

import io.rpcxbench.raw.RunRow;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One run (one order) of a point: its time, its calls and its per-call latency percentiles; {@code
 * extra}: the raw file's extra columns the load models and meters add (error kinds, CPU, the open
 * loop's rates and service time), in column order.
 */
public record RunResult(
    int order,
    long timeNanos,
    long calls,
    long errors,
    double p50Us,
    double p90Us,
    double p99Us,
    double p999Us,
    double maxUs,
    String firstError,
    Histogram latencyNanos,
    Map<String, String> extra) {

  public RunResult {
    extra = Collections.unmodifiableMap(new LinkedHashMap<>(extra));
  }

  public static RunResult of(
      int order, long timeNanos, long calls, long errors, Histogram latencyNanos, String first) {
    return new RunResult(
        order,
        Math.max(1, timeNanos),
        calls,
        errors,
        micros(latencyNanos.getValueAtPercentile(50)),
        micros(latencyNanos.getValueAtPercentile(90)),
        micros(latencyNanos.getValueAtPercentile(99)),
        micros(latencyNanos.getValueAtPercentile(99.9)),
        micros(latencyNanos.getMaxValue()),
        first,
        latencyNanos,
        Map.of());
  }

  /** This result with {@code columns} added to its extra ones. */
  public RunResult withExtra(Map<String, String> columns) {
    Map<String, String> all = new LinkedHashMap<>(extra);
    all.putAll(columns);
    return new RunResult(
        order,
        timeNanos,
        calls,
        errors,
        p50Us,
        p90Us,
        p99Us,
        p999Us,
        maxUs,
        firstError,
        latencyNanos,
        all);
  }

  /**
   * An extra column's value as a number, or {@code otherwise} when absent or empty (not counted in
   * this run, e.g. the TCP segments of a run in which a connection closed).
   */
  public double extraNumber(String column, double otherwise) {
    String v = extra.get(column);
    return v == null || v.isBlank() ? otherwise : Double.parseDouble(v);
  }

  private static double micros(long nanos) {
    return nanos / 1000.0;
  }

  /** From the release of the start barrier to the last reply, in ms (the paper's timeTotal). */
  public double timeTotalMs() {
    return timeNanos / 1e6;
  }

  /** The paper's Eq. 3: requestNum / (timeTotal / 1000). */
  public double tps(int requestNum) {
    return requestNum / (timeTotalMs() / 1000.0);
  }

  /** The run as a raw file row, with its merged histogram. */
  public RunRow toRow(int type, int threadNum, int requestNum) {
    return RunRow.measured(
            type, threadNum, requestNum, order, timeTotalMs(), calls, errors, latencyNanos)
        .withExtra(extra);
  }

  /** Calls per second actually made. */
  public double throughput() {
    return calls / (timeTotalMs() / 1000.0);
  }
}
