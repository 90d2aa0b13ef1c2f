package io.rpcxbench.harness.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.harness.output.LiveFigures;
import java.io.IOException;
import org.HdrHistogram.Histogram;

/**
 * {@code --metrics prometheus:PORT}: the live figures on a Prometheus endpoint (the official Java
 * client's {@link HTTPServer}, {@code /metrics}), updated once a second from the same sample as the
 * live line: {@code rpcx_bench_calls_total}, {@code rpcx_bench_errors_total}, {@code
 * rpcx_bench_dropped_total} (counters over the point's runs), {@code rpcx_bench_calls_per_second},
 * {@code rpcx_bench_in_flight}, {@code rpcx_bench_client_cores} (gauges of the last second) and
 * {@code rpcx_bench_latency_seconds}, a summary (p50, p90, p99, p99.9, count, sum) of the point's
 * runs so far, made from their HdrHistogram intervals. Every series has a {@code protocol} label.
 *
 * <pre>{@code
 * try (PrometheusEndpoint metrics = PrometheusEndpoint.start(MetricsSpec.parse("prometheus:0"))) {
 *   new LiveFigures("rpcx", 10, List.of(metrics));   // scrape http://127.0.0.1:PORT/metrics
 * }
 * }</pre>
 */
public final class PrometheusEndpoint implements LiveFigures.Sink, AutoCloseable {
  private static final double[] QUANTILES = {0.5, 0.9, 0.99, 0.999};

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final Counter calls = counter("rpcx_bench_calls", "Calls ended (failed ones included).");
  private final Counter errors = counter("rpcx_bench_errors", "Calls failed, timed out or wrong.");
  private final Counter dropped =
      counter("rpcx_bench_dropped", "Calls the open loop dropped (all allowed calls were out).");
  private final Gauge rate = gauge("rpcx_bench_calls_per_second", "Calls/s in the last second.");
  private final Gauge inFlight = gauge("rpcx_bench_in_flight", "Calls out at the last sample.");
  private final Gauge cores =
      gauge("rpcx_bench_client_cores", "The harness's CPU time in the last second / the second.");
  private final Histogram latency = LoadRunner.newHistogram();
  private String protocol = "";
  private int order = -1;
  private long runErrors;
  private long runDropped;
  private final HTTPServer server;

  private PrometheusEndpoint(MetricsSpec spec) throws IOException {
    registry.register(new LatencySummary());
    server =
        HTTPServer.builder()
            .hostname(spec.host())
            .port(spec.port())
            .registry(registry)
            .buildAndStart();
  }

  /** Binds the endpoint; a port in use throws. */
  public static PrometheusEndpoint start(MetricsSpec spec) throws IOException {
    return new PrometheusEndpoint(spec);
  }

  /** The bound port (the one chosen when 0 was asked). */
  public int port() {
    return server.getPort();
  }

  private Counter counter(String name, String help) {
    return Counter.builder().name(name).help(help).labelNames("protocol").register(registry);
  }

  private Gauge gauge(String name, String help) {
    return Gauge.builder().name(name).help(help).labelNames("protocol").register(registry);
  }

  @Override
  public synchronized void second(LiveFigures.Second s, Histogram interval) {
    if (!s.protocol().equals(protocol) || s.order() != order) {
      runErrors = 0; // a new run: its counts so far start again
      runDropped = 0;
    }
    protocol = s.protocol();
    order = s.order();
    calls.labelValues(protocol).inc(s.calls());
    errors.labelValues(protocol).inc(Math.max(0, s.errors() - runErrors));
    dropped.labelValues(protocol).inc(Math.max(0, s.dropped() - runDropped));
    runErrors = s.errors();
    runDropped = s.dropped();
    if (!s.last()) {
      rate.labelValues(protocol).set(s.callsPerSecond());
    }
    inFlight.labelValues(protocol).set(s.inFlight());
    if (!Double.isNaN(s.clientCores())) {
      cores.labelValues(protocol).set(s.clientCores());
    }
    latency.add(interval);
  }

  /** The latency summary, computed from the HdrHistogram at each scrape. */
  private final class LatencySummary implements Collector {
    @Override
    public MetricSnapshot collect() {
      synchronized (PrometheusEndpoint.this) {
        Quantiles.Builder q = Quantiles.builder();
        for (double quantile : QUANTILES) {
          double nanos =
              latency.getTotalCount() == 0
                  ? Double.NaN
                  : latency.getValueAtPercentile(quantile * 100);
          q.quantile(new Quantile(quantile, nanos / 1e9));
        }
        SummarySnapshot.SummaryDataPointSnapshot point =
            SummarySnapshot.SummaryDataPointSnapshot.builder()
                .quantiles(q.build())
                .count(latency.getTotalCount())
                .sum(latency.getMean() * latency.getTotalCount() / 1e9)
                .labels(Labels.of("protocol", protocol))
                .build();
        return SummarySnapshot.builder()
            .name("rpcx_bench_latency_seconds")
            .help(
                "Call latency of the point's runs so far (from the intended start in the open"
                    + " loop).")
            .dataPoint(point)
            .build();
      }
    }
  }

  @Override
  public void close() {
    server.close();
  }
}
