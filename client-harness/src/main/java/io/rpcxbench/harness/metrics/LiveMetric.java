package io.rpcxbench.harness.metrics;

import java.util.function.ToDoubleFunction;

/**
 * The live metrics, one list for every export: name, help, kind and the value they read from a
 * {@link LiveTotals.Snapshot}. Prometheus appends {@code _total} to a counter's name; OTLP sends
 * the name as it is, with the unit apart. Every series has a {@code protocol} label (attribute).
 */
enum LiveMetric {
  CALLS(
      "rpcx_bench_calls", "Calls ended (failed ones included).", Kind.COUNTER, "1", s -> s.calls()),
  ERRORS(
      "rpcx_bench_errors", "Calls failed, timed out or wrong.", Kind.COUNTER, "1", s -> s.errors()),
  DROPPED(
      "rpcx_bench_dropped",
      "Calls the open loop dropped (all allowed calls were out).",
      Kind.COUNTER,
      "1",
      s -> s.dropped()),
  CALLS_PER_SECOND(
      "rpcx_bench_calls_per_second",
      "Calls/s in the last second.",
      Kind.GAUGE,
      "1/s",
      LiveTotals.Snapshot::callsPerSecond),
  IN_FLIGHT(
      "rpcx_bench_in_flight", "Calls out at the last sample.", Kind.GAUGE, "1", s -> s.inFlight()),
  CLIENT_CORES(
      "rpcx_bench_client_cores",
      "The harness's CPU time in the last second / the second.",
      Kind.GAUGE,
      "1",
      LiveTotals.Snapshot::clientCores),
  LATENCY(
      "rpcx_bench_latency_seconds",
      "Call latency of the point's runs so far (from the intended start in the open loop).",
      Kind.SUMMARY,
      "s",
      s -> Double.NaN);

  enum Kind {
    COUNTER,
    GAUGE,
    SUMMARY
  }

  final String metricName;
  final String help;
  final Kind kind;
  final String unit;
  private final ToDoubleFunction<LiveTotals.Snapshot> value;

  LiveMetric(
      String metricName,
      String help,
      Kind kind,
      String unit,
      ToDoubleFunction<LiveTotals.Snapshot> value) {
    this.metricName = metricName;
    this.help = help;
    this.kind = kind;
    this.unit = unit;
    this.value = value;
  }

  /** A counter's or gauge's value in {@code s}; NaN: none yet (the series is left out). */
  double value(LiveTotals.Snapshot s) {
    return value.applyAsDouble(s);
  }
}
