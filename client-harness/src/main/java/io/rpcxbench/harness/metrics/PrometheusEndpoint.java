package io.rpcxbench.harness.metrics;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import java.io.IOException;
import org.HdrHistogram.Histogram;

/**
 * {@code --metrics prometheus:PORT}: the live figures on a Prometheus endpoint (the official Java
 * client's {@link HTTPServer}, {@code /metrics}), read at each scrape from the totals the live
 * line's seconds update ({@link LiveMetric}): {@code rpcx_bench_calls_total}, {@code
 * rpcx_bench_errors_total}, {@code rpcx_bench_dropped_total} (counters over the point's runs),
 * {@code rpcx_bench_calls_per_second}, {@code rpcx_bench_in_flight}, {@code
 * rpcx_bench_client_cores} (gauges of the last second) and {@code rpcx_bench_latency_seconds}, a
 * summary (p50, p90, p99, p99.9, count, sum) of the point's runs so far, made from their
 * HdrHistogram intervals. Every series has a {@code protocol} label.
 *
 * <pre>{@code
 * try (PrometheusEndpoint metrics = PrometheusEndpoint.start(new MetricsSpec.Prometheus("127.0.0.1", 0))) {
 *   new LiveFigures("rpcx", 10, List.of(metrics));   // scrape http://127.0.0.1:PORT/metrics
 * }
 * }</pre>
 */
final class PrometheusEndpoint implements LiveMetrics {
  private final LiveTotals totals = new LiveTotals();
  private final HTTPServer server;
  private final String host;

  private PrometheusEndpoint(MetricsSpec.Prometheus spec) throws IOException {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register((MultiCollector) this::collect);
    server =
        HTTPServer.builder()
            .hostname(spec.host())
            .port(spec.port())
            .registry(registry)
            .buildAndStart();
    host = spec.host();
  }

  /** Binds the endpoint; a port in use throws. */
  public static PrometheusEndpoint start(MetricsSpec.Prometheus spec) throws IOException {
    return new PrometheusEndpoint(spec);
  }

  /** The bound port (the one chosen when 0 was asked). */
  public int port() {
    return server.getPort();
  }

  @Override
  public String where() {
    return "http://" + host + ":" + port() + "/metrics (prometheus)";
  }

  @Override
  public void second(LiveFigures.Second s, Histogram interval) {
    totals.second(s, interval);
  }

  private MetricSnapshots collect() {
    MetricSnapshots.Builder all = MetricSnapshots.builder();
    totals
        .snapshot()
        .ifPresent(
            s -> {
              Labels labels = Labels.of("protocol", s.protocol());
              for (LiveMetric m : LiveMetric.values()) {
                MetricSnapshot snapshot = snapshot(m, s, labels);
                if (snapshot != null) {
                  all.metricSnapshot(snapshot);
                }
              }
            });
    return all.build();
  }

  private static MetricSnapshot snapshot(LiveMetric m, LiveTotals.Snapshot s, Labels labels) {
    double value = m.value(s);
    return switch (m.kind) {
      case COUNTER ->
          CounterSnapshot.builder()
              .name(m.metricName)
              .help(m.help)
              .dataPoint(
                  CounterSnapshot.CounterDataPointSnapshot.builder()
                      .value(value)
                      .labels(labels)
                      .build())
              .build();
      case GAUGE ->
          Double.isNaN(value)
              ? null
              : GaugeSnapshot.builder()
                  .name(m.metricName)
                  .help(m.help)
                  .dataPoint(
                      GaugeSnapshot.GaugeDataPointSnapshot.builder()
                          .value(value)
                          .labels(labels)
                          .build())
                  .build();
      case SUMMARY -> summary(m, s, labels);
    };
  }

  private static SummarySnapshot summary(LiveMetric m, LiveTotals.Snapshot s, Labels labels) {
    Quantiles.Builder q = Quantiles.builder();
    for (int i = 0; i < LiveTotals.QUANTILES.length; i++) {
      q.quantile(new Quantile(LiveTotals.QUANTILES[i], s.quantileSeconds()[i]));
    }
    return SummarySnapshot.builder()
        .name(m.metricName)
        .help(m.help)
        .dataPoint(
            SummarySnapshot.SummaryDataPointSnapshot.builder()
                .quantiles(q.build())
                .count(s.latencyCount())
                .sum(s.latencySumSeconds())
                .labels(labels)
                .build())
        .build();
  }

  @Override
  public void close() {
    server.close();
  }
}
