package io.rpcxbench.report.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import io.rpcxbench.report.Cli;
import io.rpcxbench.report.clean.OpenProtocolTest;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code export}: the cleaned points as JSON valid against the committed schema, with the same
 * figures, intervals and estimators as {@code show --cleaned}; the CSV is the JSON flattened; bad
 * usage is one line and exit 2.
 */
class ExportCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path tmp;
  private String db;

  @BeforeEach
  void ingest() throws Exception {
    db = Cli.sqlite(tmp);
    // the fixture holds a file with bad lines: ingest says so (exit 1) and keeps the rest
    assertThat(Cli.run("ingest", "--db", db, Cli.fixture().toString()).exit())
        .isLessThanOrEqualTo(1);
    Cli.Result extra = Cli.run("ingest", "--db", db, OpenProtocolTest.extra().toString());
    assertThat(extra.exit()).as(extra.err()).isZero();
    Cli.Result open =
        Cli.run("ingest", "--db", db, Path.of(getClass().getResource("/open").toURI()).toString());
    assertThat(open.exit()).as(open.err()).isZero();
  }

  @Test
  void jsonHoldsEveryPointValidAgainstTheSchemaWithShowsFigures() throws Exception {
    Cli.Result r = Cli.run("export", "--db", db, "--format", "json");

    JsonNode doc = JSON.readTree(r.out());
    JsonSchema schema;
    try (InputStream in = getClass().getResourceAsStream("/export/points-export-1.schema.json")) {
      schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
    }
    assertThat(schema.validate(doc)).as(r.out()).isEmpty();
    assertThat(doc.get("schema_version").asInt()).isEqualTo(PointsExport.SCHEMA_VERSION);
    List<JsonNode> points = new ArrayList<>();
    doc.get("points").forEach(points::add);
    // as many points as the cleaned table: clean prints its count
    Cli.Result clean = Cli.run("clean", "--db", db);
    assertThat(clean.out()).contains(points.size() + " points");
    assertThat(points).anyMatch(p -> p.get("status").asText().equals("timeout"));
    assertThat(points).anyMatch(p -> p.has("load") && p.get("load").has("kept_up"));

    JsonNode zz = only(points, "zz-proto", 10, 100);
    Map<String, String> show =
        keyValues(
            Cli.run(
                    "show",
                    OpenProtocolTest.extra().resolve("zz-proto/t10-r100.csv").toString(),
                    "--cleaned")
                .out());
    assertThat(zz.get("time_total_ms").get("value").asDouble())
        .isEqualTo(Double.parseDouble(show.get("time_total_ms")));
    assertThat(zz.get("time_total_ms").get("estimator").asText())
        .isEqualTo(show.get("time_total_ms_estimator"));
    JsonNode p99 = zz.get("latency_us").get("p99");
    assertThat(p99.get("estimator").asText()).isEqualTo(show.get("p99_us_estimator"));
    String[] interval = show.get("p99_us_interval").split(" ");
    assertThat(p99.get("low").asDouble()).isCloseTo(Double.parseDouble(interval[0]), within());
    assertThat(p99.get("high").asDouble()).isCloseTo(Double.parseDouble(interval[1]), within());
    assertThat(zz.get("runs").get("kept").asInt()).isEqualTo(2);
    assertThat(r.exit()).as(r.err()).isZero();
  }

  @Test
  void csvIsTheJsonFlattenedOneLinePerPoint() throws Exception {
    JsonNode doc = JSON.readTree(Cli.run("export", "--db", db, "--format", "json").out());
    Cli.Result r = Cli.run("export", "--db", db, "--format", "csv");

    assertThat(r.exit()).as(r.err()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines).hasSize(doc.get("points").size() + 1);
    List<String> header = List.of(lines.get(0).split(","));
    assertThat(header)
        .startsWith("protocol", "label", "type", "threads", "requests", "status")
        .contains(
            "series.link_rate",
            "time_total_ms.value",
            "time_total_ms.low",
            "latency_us.p99.high",
            "latency_us.p99.estimator",
            "load.kept_up");
    JsonNode first = doc.get("points").get(0);
    List<String> row = List.of(lines.get(1).split(",", -1));
    assertThat(row.get(header.indexOf("protocol"))).isEqualTo(first.get("protocol").asText());
    assertThat(row.get(header.indexOf("threads"))).isEqualTo(first.get("threads").asText());
  }

  @Test
  void pathsAreIngestedFirstAndTheJsonStaysAloneOnStandardOutput() throws Exception {
    String fresh = "jdbc:sqlite:" + tmp.resolve("fresh.db");
    Path open = Path.of(getClass().getResource("/open").toURI());
    Cli.Result r = Cli.run("export", "--db", fresh, "--format", "json", open.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(JSON.readTree(r.out()).get("points")).hasSize(8);
    assertThat(r.err()).contains("ingest: 8 files");
  }

  @Test
  void outIsWrittenAtomicallyAndBadUsageIsOneLine() throws Exception {
    Path file = tmp.resolve("exports/points.json");
    Cli.Result r = Cli.run("export", "--db", db, "--format", "json", "--out", file.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).isEmpty();
    assertThat(JSON.readTree(file.toFile()).get("points").size()).isPositive();
    try (Stream<Path> left = Files.list(file.getParent())) {
      assertThat(left.map(p -> p.getFileName().toString())).containsExactly("points.json");
    }

    Cli.Result bad = Cli.run("export", "--db", db, "--format", "xml");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err().lines()).hasSize(1);
    assertThat(bad.err()).startsWith("error: ").contains("--format").contains("xml");
    assertThat(Cli.run("export", "--db", db).exit()).isEqualTo(2); // --format is required
  }

  @Test
  void anEmptyDatabaseExportsNoPointsAndSaysSo() throws Exception {
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Cli.Result r = Cli.run("export", "--db", Cli.sqlite(empty), "--format", "json");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(JSON.readTree(r.out()).get("points").size()).isZero();
    assertThat(r.err()).contains("holds no points");
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(0.001);
  }

  private static JsonNode only(List<JsonNode> points, String protocol, int t, int r) {
    List<JsonNode> match =
        points.stream()
            .filter(p -> p.get("protocol").asText().equals(protocol))
            .filter(p -> p.get("threads").asInt() == t && p.get("requests").asInt() == r)
            .toList();
    assertThat(match).hasSize(1);
    return match.get(0);
  }

  private static Map<String, String> keyValues(String text) {
    Map<String, String> m = new HashMap<>();
    text.lines()
        .forEach(
            l -> {
              int tab = l.indexOf('\t');
              m.put(l.substring(0, tab), l.substring(tab + 1));
            });
    return m;
  }
}
