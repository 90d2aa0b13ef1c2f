package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.rpcxbench.server.rpcx.RpcxBenchServer;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console while a point runs and what it leaves for other tools, against the real RPCX server
 * on loopback (port 0): the live line (--live, quiet otherwise), the open loop's named columns,
 * --summary-export validated against its committed JSON Schema, the Prometheus endpoint scraped
 * over HTTP during a run. Assertions are on content and counts, never on durations.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConsoleTest {
  private static final Pattern LIVE =
      Pattern.compile(
          "(?m)^rpcx {6}live order 0/1 \\d+s: \\d+ calls/s, p50 \\d+\\.\\d us, p99 \\d+\\.\\d us"
              + " so far, errors 0, dropped 0, in flight \\d+, client (\\d+\\.\\d\\d|\\?) cores$");
  private static final Pattern METRICS =
      Pattern.compile("rpcx metrics: http://127\\.0\\.0\\.1:(\\d+)/metrics \\(prometheus\\)");

  @TempDir Path out;

  private RpcxBenchServer server;

  @BeforeAll
  void startServer() {
    server = RpcxBenchServer.start("127.0.0.1", 0);
  }

  @AfterAll
  void stopServer() {
    server.close();
  }

  private Object[] openLoop(String dir, Object... more) {
    return openLoopFor("3s", dir, more);
  }

  private Object[] openLoopFor(String duration, String dir, Object... more) {
    List<Object> all =
        new ArrayList<>(
            List.of(
                "--protocol",
                "rpcx",
                "--port",
                "rpcx=" + server.port(),
                "--rate",
                200,
                "--duration",
                duration,
                "--runs",
                1,
                "--out",
                out.resolve(dir)));
    all.addAll(Arrays.asList(more));
    return all.toArray();
  }

  @Test
  void liveLinesComeOncePerSecondWithLiveAndNeverWithoutATerminal() {
    HarnessInvocation.Outcome live = HarnessInvocation.run(args(openLoop("live", "--live")));
    HarnessInvocation.Outcome quiet = HarnessInvocation.run(args(openLoop("quiet")));
    HarnessInvocation.Outcome off =
        HarnessInvocation.run(args(openLoop("off", "--live", "--no-live")));

    assertThat(live.exitCode()).as(live.err()).isZero();
    // a 3 s run: its first two whole seconds each get a line (the last part goes to the run line)
    assertThat(LIVE.matcher(live.err()).results().count()).as(live.err()).isGreaterThanOrEqualTo(2);
    assertThat(quiet.exitCode()).as(quiet.err()).isZero();
    assertThat(quiet.err()).doesNotContain(" live order ");
    assertThat(off.err()).doesNotContain(" live order ");
  }

  @Test
  void theOpenLoopTableNamesOfferedAchievedDroppedAndTheBound() {
    HarnessInvocation.Outcome o = HarnessInvocation.run(args(openLoop("table")));

    assertThat(o.exitCode()).as(o.err()).isZero();
    String[] lines = o.out().split("\n");
    assertThat(lines[0].trim().split("\\s+"))
        .containsExactly(
            "protocol",
            "offered",
            "achieved",
            "dropped",
            "max_in_flight",
            "runs",
            "calls/run",
            "errors",
            "calls/s",
            "p50_us",
            "p99_us",
            "calls/s_95%",
            "p99_us_95%");
    String[] row = lines[1].trim().split("\\s+");
    assertThat(List.of(row).subList(0, 8))
        .containsExactly("rpcx", "200.0", "200.0", "0", "256", "1", "600", "0");
    assertThat(o.out()).contains("achieved, calls/s: ").doesNotContain(" tps ");
  }

  @Test
  void theSummaryExportOfARealPointIsValidAgainstItsSchema() throws Exception {
    Path closed = out.resolve("export/closed.json");
    HarnessInvocation.Outcome c =
        HarnessInvocation.run(
            args(
                "--protocol",
                "rpcx",
                "--port",
                "rpcx=" + server.port(),
                "--threads",
                2,
                "--requests",
                50,
                "--runs",
                3,
                "--out",
                out.resolve("export"),
                "--summary-export",
                closed));
    Path open = out.resolve("export/open.json");
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(args(openLoop("export", "--summary-export", open)));

    assertThat(c.exitCode()).as(c.err()).isZero();
    assertThat(o.exitCode()).as(o.err()).isZero();
    JsonSchema schema;
    try (InputStream in = getClass().getResourceAsStream(SummaryExport.SCHEMA_RESOURCE)) {
      schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
    }
    ObjectMapper json = new ObjectMapper();
    for (Path file : List.of(closed, open)) {
      JsonNode node = json.readTree(Files.readString(file));
      Set<ValidationMessage> problems = schema.validate(node);
      assertThat(problems).as(file.toString()).isEmpty();
      assertThat(node.get("schema_version").asInt()).isEqualTo(SummaryExport.SCHEMA_VERSION);
      assertThat(node.get("exit_code").asInt()).isZero();
    }
    JsonNode closedRpcx = json.readTree(closed.toFile()).get("protocols").get(0);
    assertThat(closedRpcx.get("calls").asLong()).isEqualTo(3 * 2 * 50);
    assertThat(closedRpcx.get("kept_runs").toString()).isEqualTo("[1,2]");
    assertThat(closedRpcx.get("p99_us").get("value").asDouble()).isPositive();
    JsonNode openRoot = json.readTree(open.toFile());
    assertThat(openRoot.get("load").get("offered_per_second").asDouble()).isEqualTo(200.0);
    assertThat(openRoot.get("protocols").get(0).get("achieved_per_second").get("value").asDouble())
        .isEqualTo(200.0);
    // nothing is left beside it: written through a temp file and a move
    try (var files = Files.list(out.resolve("export"))) {
      assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")))
          .isEmpty();
    }
    // a broken export is caught by the same schema
    JsonNode broken =
        json.readTree(Files.readString(closed).replace("\"kind\" : \"point\"", "\"kind\" : 7"));
    assertThat(schema.validate(broken)).isNotEmpty();
  }

  @Test
  void thePrometheusEndpointIsScrapedDuringARunAndItsCountersRise() throws Exception {
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    CompletableFuture<HarnessInvocation.Outcome> run =
        CompletableFuture.supplyAsync(
            () ->
                HarnessInvocation.run(
                    lines::add,
                    args(openLoopFor("6s", "metrics", "--live", "--metrics", "prometheus:0"))));
    int port = -1;
    List<Long> calls = new ArrayList<>();
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    String page = "";
    for (String line = lines.poll(60, TimeUnit.SECONDS);
        line != null && calls.size() < 2;
        line = lines.poll(60, TimeUnit.SECONDS)) {
      Matcher m = METRICS.matcher(line);
      if (m.find()) {
        port = Integer.parseInt(m.group(1));
      }
      if (line.contains(" live order 0/1 ") && port > 0) {
        page =
            http.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                        .timeout(Duration.ofSeconds(10))
                        .build(),
                    HttpResponse.BodyHandlers.ofString())
                .body();
        calls.add(sample(page, "rpcx_bench_calls_total{protocol=\"rpcx\"}"));
      }
    }
    HarnessInvocation.Outcome o = run.get(120, TimeUnit.SECONDS);

    assertThat(o.exitCode()).as(o.err()).isZero();
    assertThat(port).as(o.err()).isPositive();
    assertThat(calls).as(o.err()).hasSize(2);
    assertThat(calls.get(0)).isPositive();
    assertThat(calls.get(1)).isGreaterThan(calls.get(0));
    assertThat(page)
        .contains("rpcx_bench_errors_total{protocol=\"rpcx\"} 0")
        .contains("rpcx_bench_dropped_total{protocol=\"rpcx\"} 0")
        .contains("rpcx_bench_latency_seconds{protocol=\"rpcx\",quantile=\"0.99\"}")
        .contains("rpcx_bench_latency_seconds_count{protocol=\"rpcx\"}")
        .contains("rpcx_bench_in_flight{protocol=\"rpcx\"}")
        .contains("rpcx_bench_calls_per_second{protocol=\"rpcx\"}");
  }

  /** The value of one series in Prometheus's text format. */
  private static long sample(String page, String series) {
    for (String line : page.split("\n")) {
      if (line.startsWith(series + " ")) {
        return (long) Double.parseDouble(line.substring(series.length() + 1).trim());
      }
    }
    throw new AssertionError(series + " not in:\n" + page);
  }

  @Test
  void badMetricsAndOtlpAreBadUsage() {
    HarnessInvocation.Outcome bad =
        HarnessInvocation.run(args(openLoop("bad", "--metrics", "prometheus:99999")));
    HarnessInvocation.Outcome otlp =
        HarnessInvocation.run(args(openLoop("otlp", "--metrics", "otlp:127.0.0.1:4318")));

    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err())
        .startsWith(
            "error: --metrics prometheus:99999: the port is 0..65535 (0: a free one), e.g."
                + " prometheus:9464");
    assertThat(otlp.exitCode()).isEqualTo(2);
    assertThat(otlp.err()).contains("the OTLP receiver's http(s) URL");
  }
}
