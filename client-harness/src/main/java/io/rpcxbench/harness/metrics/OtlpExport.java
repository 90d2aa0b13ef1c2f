package io.rpcxbench.harness.metrics;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.data.ValueAtQuantile;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableDoublePointData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableGaugeData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableLongPointData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableMetricData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableSumData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableSummaryData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableSummaryPointData;
import io.opentelemetry.sdk.metrics.internal.data.ImmutableValueAtQuantile;
import io.opentelemetry.sdk.resources.Resource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * {@code --metrics otlp:URL}: the live figures pushed through the OpenTelemetry SDK's OTLP
 * http/protobuf exporter (the JDK's HTTP client) a second after the last push ended and once more
 * when the point ends: the metrics of {@link LiveMetric}, the ones the Prometheus endpoint serves,
 * under the same names (counters as cumulative monotonic sums, gauges, the latency as a summary
 * with p50, p90, p99 and p99.9), each with a {@code protocol} attribute, from a resource with
 * {@code service.name=rpcx-bench}. A collector that cannot be reached costs the exporter's
 * warnings, never the run.
 *
 * <pre>{@code
 * try (OtlpExport otlp = OtlpExport.start(new MetricsSpec.Otlp(URI.create("http://127.0.0.1:4318/v1/metrics")))) {
 *   new LiveFigures("rpcx", 10, List.of(otlp));
 * }
 * }</pre>
 */
final class OtlpExport implements LiveMetrics {
  /** How often the figures are pushed: the live line's second. */
  static final Duration INTERVAL = Duration.ofSeconds(1);

  private static final AttributeKey<String> PROTOCOL = AttributeKey.stringKey("protocol");
  private static final InstrumentationScopeInfo SCOPE =
      InstrumentationScopeInfo.create("io.rpcxbench.harness");

  private final LiveTotals totals = new LiveTotals();
  private final long startNanos = epochNanos();
  private final Resource resource = Resource.getDefault().merge(Resource.create(serviceName()));
  private final OtlpHttpMetricExporter exporter;
  private final String endpoint;
  // one thread pushes, the next push only after the last one ended: the SDK's periodic reader
  // skips a push while one is out, and lost the point's last figures that way under load
  private final ScheduledExecutorService pusher =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "otlp-push");
            t.setDaemon(true);
            return t;
          });

  private OtlpExport(MetricsSpec.Otlp spec) {
    endpoint = spec.endpoint().toString();
    exporter =
        OtlpHttpMetricExporter.builder()
            .setEndpoint(endpoint)
            .setTimeout(Duration.ofSeconds(10))
            .build();
    pusher.scheduleWithFixedDelay(
        this::push, INTERVAL.toMillis(), INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Starts pushing to {@code spec}'s endpoint (nothing is sent before the first second). */
  public static OtlpExport start(MetricsSpec.Otlp spec) {
    return new OtlpExport(spec);
  }

  @Override
  public String where() {
    return "OTLP http/protobuf to " + endpoint + " every " + INTERVAL.toSeconds() + " s";
  }

  @Override
  public void second(LiveFigures.Second s, Histogram interval) {
    totals.second(s, interval);
  }

  private static Attributes serviceName() {
    return Attributes.of(AttributeKey.stringKey("service.name"), "rpcx-bench");
  }

  /** Sends the figures so far (nothing before the first second) and waits for the answer. */
  private void push() {
    List<MetricData> all = new ArrayList<>();
    totals
        .snapshot()
        .ifPresent(
            s -> {
              Attributes attributes = Attributes.of(PROTOCOL, s.protocol());
              long now = epochNanos();
              for (LiveMetric m : LiveMetric.values()) {
                MetricData data = data(resource, m, s, attributes, now);
                if (data != null) {
                  all.add(data);
                }
              }
            });
    if (!all.isEmpty()) {
      exporter.export(all).join(15, TimeUnit.SECONDS);
    }
  }

  // The SDK's public API has no summary instrument, and these figures are already aggregated
  // (HdrHistogram intervals): the data are built as the SDK's own aggregators build theirs.
  private MetricData data(
      Resource resource, LiveMetric m, LiveTotals.Snapshot s, Attributes attributes, long now) {
    double value = m.value(s);
    return switch (m.kind) {
      case COUNTER ->
          ImmutableMetricData.createLongSum(
              resource,
              SCOPE,
              m.metricName,
              m.help,
              m.unit,
              ImmutableSumData.create(
                  true,
                  AggregationTemporality.CUMULATIVE,
                  List.of(
                      ImmutableLongPointData.create(startNanos, now, attributes, (long) value))));
      case GAUGE ->
          Double.isNaN(value)
              ? null
              : ImmutableMetricData.createDoubleGauge(
                  resource,
                  SCOPE,
                  m.metricName,
                  m.help,
                  m.unit,
                  ImmutableGaugeData.create(
                      List.of(
                          ImmutableDoublePointData.create(startNanos, now, attributes, value))));
      case SUMMARY -> summary(resource, m, s, attributes, now);
    };
  }

  private MetricData summary(
      Resource resource, LiveMetric m, LiveTotals.Snapshot s, Attributes attributes, long now) {
    List<ValueAtQuantile> quantiles = new ArrayList<>();
    for (int i = 0; i < LiveTotals.QUANTILES.length; i++) {
      if (!Double.isNaN(s.quantileSeconds()[i])) {
        quantiles.add(
            ImmutableValueAtQuantile.create(LiveTotals.QUANTILES[i], s.quantileSeconds()[i]));
      }
    }
    return ImmutableMetricData.createDoubleSummary(
        resource,
        SCOPE,
        m.metricName,
        m.help,
        m.unit,
        ImmutableSummaryData.create(
            List.of(
                ImmutableSummaryPointData.create(
                    startNanos,
                    now,
                    attributes,
                    s.latencyCount(),
                    s.latencySumSeconds(),
                    quantiles))));
  }

  private static long epochNanos() {
    return TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis());
  }

  /** Pushes the figures one last time, after a push still out, and stops. */
  @Override
  public void close() {
    pusher.shutdown();
    try {
      if (pusher.awaitTermination(20, TimeUnit.SECONDS)) {
        push();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      exporter.shutdown().join(5, TimeUnit.SECONDS);
    }
  }
}
