package io.rpcxbench.harness.metrics;

import java.io.IOException;

/**
 * Where {@code --metrics} sends the live figures: a Prometheus endpoint or an OTLP push, each
 * started from its {@link MetricsSpec} and closed when the point ends.
 *
 * <pre>{@code
 * try (LiveMetrics metrics = LiveMetrics.start(MetricsSpec.parse("otlp:http://127.0.0.1:4318"))) {
 *   err.println("rpcx metrics: " + metrics.where());
 *   new LiveFigures("rpcx", 10, List.of(metrics));
 * }
 * }</pre>
 */
public interface LiveMetrics extends LiveFigures.Sink, AutoCloseable {
  /** Starts the export {@code spec} names; a port in use or a bad URL throws. */
  static LiveMetrics start(MetricsSpec spec) throws IOException {
    if (spec instanceof MetricsSpec.Prometheus p) {
      return PrometheusEndpoint.start(p);
    }
    return OtlpExport.start((MetricsSpec.Otlp) spec);
  }

  /** Where the figures go, for the line printed when it starts. */
  String where();

  @Override
  void close();
}
