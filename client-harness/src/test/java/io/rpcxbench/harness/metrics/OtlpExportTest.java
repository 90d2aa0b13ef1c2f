package io.rpcxbench.harness.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.harness.HarnessCommand;
import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.server.rpcx.RpcxBenchServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --metrics otlp:URL} against a real OTLP receiver on port 0 ({@link OtlpReceiver}): the
 * metrics the Prometheus endpoint serves arrive under the same names with the same values, and a
 * real point's calls arrive counted.
 */
class OtlpExportTest {
  @TempDir Path out;

  @Test
  void otlpAndPrometheusSayTheSameFromTheSameSeconds() throws Exception {
    Histogram interval = LoadRunner.newHistogram();
    for (int i = 1; i <= 100; i++) {
      interval.recordValue(i * 10_000L); // 10 us .. 1 ms
    }
    LiveFigures.Second first = second(0, 100, 2, 1, false);
    LiveFigures.Second last = second(0, 40, 3, 1, true); // run 0's last, partial interval
    LiveFigures.Second next = second(1, 60, 1, 0, false); // run 1: its counts start again

    String page;
    try (OtlpReceiver receiver = new OtlpReceiver();
        PrometheusEndpoint prometheus =
            PrometheusEndpoint.start(new MetricsSpec.Prometheus("127.0.0.1", 0))) {
      try (LiveMetrics otlp = LiveMetrics.start(MetricsSpec.parse("otlp:" + receiver.url()))) {
        for (LiveFigures.Second s : new LiveFigures.Second[] {first, last, next}) {
          otlp.second(s, interval);
          prometheus.second(s, interval);
        }
      } // close: the last push
      page = scrape(prometheus.port());
      Map<String, OtlpReceiver.Point> got = receiver.last();

      assertThat(receiver.exports()).isNotEmpty();
      assertThat(receiver.exports().get(receiver.exports().size() - 1).serviceName())
          .isEqualTo("rpcx-bench");
      assertThat(got.keySet())
          .containsExactlyInAnyOrder(
              "rpcx_bench_calls",
              "rpcx_bench_errors",
              "rpcx_bench_dropped",
              "rpcx_bench_calls_per_second",
              "rpcx_bench_in_flight",
              "rpcx_bench_client_cores",
              "rpcx_bench_latency_seconds");
      assertThat(got.values()).allSatisfy(p -> assertThat(p.protocol()).isEqualTo("rpcx"));
      // the counters over the point's runs: 100 + 40 + 60 calls; errors 3 in run 0, 1 in run 1
      assertThat(got.get("rpcx_bench_calls").value()).isEqualTo(200);
      assertThat(got.get("rpcx_bench_calls").monotonic()).isTrue();
      assertThat(got.get("rpcx_bench_errors").value()).isEqualTo(4);
      assertThat(got.get("rpcx_bench_dropped").value()).isEqualTo(1);
      assertThat(got.get("rpcx_bench_calls_per_second").value()).isEqualTo(60);
      assertThat(got.get("rpcx_bench_in_flight").value()).isEqualTo(7);
      assertThat(got.get("rpcx_bench_client_cores").value()).isEqualTo(0.25);
      OtlpReceiver.Point latency = got.get("rpcx_bench_latency_seconds");
      assertThat(latency.kind()).isEqualTo("summary");
      assertThat(latency.unit()).isEqualTo("s");
      assertThat(latency.count()).isEqualTo(300);
      assertThat(latency.quantiles()).containsOnlyKeys(0.5, 0.9, 0.99, 0.999);

      // the same figures on the Prometheus endpoint
      assertThat(sample(page, "rpcx_bench_calls_total")).isEqualTo(200);
      assertThat(sample(page, "rpcx_bench_errors_total")).isEqualTo(4);
      assertThat(sample(page, "rpcx_bench_dropped_total")).isEqualTo(1);
      assertThat(sample(page, "rpcx_bench_calls_per_second")).isEqualTo(60);
      assertThat(sample(page, "rpcx_bench_in_flight")).isEqualTo(7);
      assertThat(sample(page, "rpcx_bench_client_cores")).isEqualTo(0.25);
      assertThat(sample(page, "rpcx_bench_latency_seconds_count")).isEqualTo(300);
      for (Map.Entry<Double, Double> q : latency.quantiles().entrySet()) {
        String series = "rpcx_bench_latency_seconds{protocol=\"rpcx\",quantile=\"" + q.getKey();
        assertThat(sampleStartingWith(page, series)).as(series).isEqualTo(q.getValue());
      }
      assertThat(sample(page, "rpcx_bench_latency_seconds_sum")).isEqualTo(latency.sum());
    }
  }

  @Test
  void aRealPointsCallsArriveOverOtlp() throws Exception {
    RpcxBenchServer server = RpcxBenchServer.start("127.0.0.1", 0);
    try (OtlpReceiver receiver = new OtlpReceiver()) {
      StringWriter err = new StringWriter();
      CommandLine cl = HarnessCommand.commandLine();
      cl.setOut(new PrintWriter(new StringWriter(), true));
      cl.setErr(new PrintWriter(err, true));
      int code =
          cl.execute(
              "--protocol",
              "rpcx",
              "--port",
              "rpcx=" + server.port(),
              "--threads",
              "2",
              "--requests",
              "50",
              "--runs",
              "2",
              "--paper",
              "--out",
              out.toString(),
              "--metrics",
              "otlp:" + receiver.url());

      assertThat(code).as(err.toString()).isZero();
      assertThat(err.toString())
          .contains(
              "rpcx metrics: OTLP http/protobuf to " + receiver.url() + "/v1/metrics every 1 s");
      // cumulative figures: the highest is the latest, whatever order two pushes arrived in
      List<OtlpReceiver.Point> points =
          receiver.exports().stream().flatMap(e -> e.points().stream()).toList();
      assertThat(points).as(err.toString()).isNotEmpty();
      assertThat(max(points, "rpcx_bench_calls", OtlpReceiver.Point::value))
          .as(points.toString())
          .isEqualTo(200);
      assertThat(max(points, "rpcx_bench_errors", OtlpReceiver.Point::value)).isZero();
      assertThat(max(points, "rpcx_bench_latency_seconds", p -> p.count())).isEqualTo(200);
    } finally {
      server.close();
    }
  }

  @Test
  void anOtlpUrlIsCheckedAndGetsItsPath() {
    assertThat(MetricsSpec.parse("otlp:http://127.0.0.1:4318"))
        .isEqualTo(new MetricsSpec.Otlp(URI.create("http://127.0.0.1:4318/v1/metrics")));
    assertThat(MetricsSpec.parse("otlp:https://collector:4318/custom/path"))
        .isEqualTo(new MetricsSpec.Otlp(URI.create("https://collector:4318/custom/path")));
    assertThatThrownBy(() -> MetricsSpec.parse("otlp:127.0.0.1:4318"))
        .hasMessage(
            "--metrics otlp:127.0.0.1:4318: the OTLP receiver's http(s) URL, e.g."
                + " otlp:http://127.0.0.1:4318");
    assertThatThrownBy(() -> MetricsSpec.parse("statsd:8125"))
        .hasMessage(
            "--metrics statsd:8125: expected prometheus:[HOST:]PORT or otlp:URL (e.g."
                + " otlp:http://127.0.0.1:4318)");
  }

  private static double max(
      List<OtlpReceiver.Point> points, String metric, ToDoubleFunction<OtlpReceiver.Point> value) {
    return points.stream()
        .filter(p -> p.metric().equals(metric))
        .mapToDouble(value)
        .max()
        .orElseThrow(() -> new AssertionError(metric + " never arrived: " + points));
  }

  private static LiveFigures.Second second(
      int order, long calls, long errors, long dropped, boolean last) {
    return new LiveFigures.Second(
        "rpcx", order, 2, 1.0, calls, calls, 50_000, 90_000, errors, dropped, 7, 0.25, last);
  }

  private static String scrape(int port) throws Exception {
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .build()
        .send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  private static double sample(String page, String name) {
    return sampleStartingWith(page, name + "{protocol=\"rpcx\"}");
  }

  private static double sampleStartingWith(String page, String series) {
    for (String line : page.split("\n")) {
      if (line.startsWith(series)) {
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    throw new AssertionError(series + " not in:\n" + page);
  }
}
