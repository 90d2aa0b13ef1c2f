package io.rpcxbench.report.clean;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.Cli;
import io.rpcxbench.report.RawFiles;
import io.rpcxbench.report.cli.ShowCommandTest;
import io.rpcxbench.report.db.Database;
import io.rpcxbench.report.db.IngestTest;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.tables.Knee;
import io.rpcxbench.report.tables.KneeTest;
import io.rpcxbench.report.tables.Measurements;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness's {@code limited_by} column: stored, summarised per point and shown. */
class LimitedByTest {

  @Test
  void summaryIsNullTheValueOrCountsMostFrequentFirst() {
    assertThat(KeptLimits.summary(Arrays.asList(null, null))).isNull();
    assertThat(KeptLimits.summary(List.of())).isNull();
    assertThat(KeptLimits.summary(List.of("client", "client"))).isEqualTo("client");
    List<String> mixed = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      mixed.add("client");
    }
    mixed.add("none");
    mixed.add("none");
    assertThat(KeptLimits.summary(mixed)).isEqualTo("client 7/9, none 2/9");
    // runs without a value count in the denominator only
    assertThat(KeptLimits.summary(Arrays.asList("server", null, "server"))).isEqualTo("server 2/3");
    // ties: client, server, link, none
    assertThat(KeptLimits.summary(List.of("none", "link", "server", "client")))
        .isEqualTo("client 1/4, server 1/4, link 1/4, none 1/4");
    assertThat(KeptLimits.mostFrequent("client 7/9, none 2/9")).isEqualTo("client");
    assertThat(KeptLimits.mostFrequent("link")).isEqualTo("link");
    assertThat(KeptLimits.mostFrequent(null)).isNull();
  }

  /** A point of {@code protocol} whose run k (order 0 first) was limited by {@code by[k]}. */
  static Path write(Path dir, String protocol, int type, int threads, String... by)
      throws Exception {
    Map<String, String> p = RawFiles.provenance(protocol, type, threads, 100, by.length);
    List<RunRow> rows = new ArrayList<>();
    List<RunRow> plain = RawFiles.runs(p, by.length, k -> 10 + k);
    for (int k = 0; k < by.length; k++) {
      rows.add(plain.get(k).withExtra(Map.of("limited_by", by[k])));
    }
    Files.createDirectories(dir.resolve(protocol));
    return RawFiles.write(dir.resolve(protocol + "/t" + threads + "-r100.csv"), p, rows);
  }

  @Test
  void ingestStoresTheRunsValueAndCleanSummarisesTheKeptRuns(@TempDir Path tmp) throws Exception {
    Path raw = tmp.resolve("raw");
    write(raw, "rpcx", 1, 10, "server", "client", "client", "client");
    write(raw, "grpc", 2, 10, "none", "client", "none", "");
    Cli.copyFixture(tmp.resolve("old")); // files without the column
    assertThat(Cli.run("ingest", "--db", Cli.sqlite(tmp), raw.toString()).exit()).isZero();
    Cli.run("ingest", "--db", Cli.sqlite(tmp), tmp.resolve("old/openfeign").toString());
    assertThat(Cli.run("clean", "--db", Cli.sqlite(tmp)).exit()).isZero();
    try (Database db = Database.open(Cli.sqlite(tmp))) {
      Measurements m = new Measurements(CleanedTable.load(db));
      assertThat(m.get(RawProtocol.RPCX, 10, 100).orElseThrow().limitedBy()).isEqualTo("client");
      assertThat(m.get(RawProtocol.GRPC, 10, 100).orElseThrow().limitedBy())
          .isEqualTo("client 1/3, none 1/3");
      assertThat(m.get(RawProtocol.OPENFEIGN, 10, 100).orElseThrow().limitedBy()).isNull();
    }
  }

  @Test
  void showCleanedPrintsLimitedBy(@TempDir Path tmp) throws Exception {
    Path f = write(tmp, "rpcx", 1, 10, "none", "client", "link", "client");
    assertThat(ShowCommandTest.keyValues(Cli.run("show", f.toString(), "--cleaned")))
        .containsEntry("limited_by", "client 2/3, link 1/3");
    assertThat(Cli.run("show", f.toString(), "--column", "order,limited_by").out().lines())
        .containsExactly("0\tnone", "1\tclient", "2\tlink", "3\tclient");
    Path old = Cli.fixture().resolve("rpcx/t10-r100.csv");
    assertThat(ShowCommandTest.keyValues(Cli.run("show", old.toString(), "--cleaned")))
        .containsEntry("limited_by", "");
  }

  @Test
  void reproductionSaysWhatLimitedEachProtocolsPoints(@TempDir Path tmp) throws Exception {
    Path raw = tmp.resolve("raw");
    write(raw, "rpcx", 1, 10, "client", "client", "client");
    write(raw, "rpcx", 1, 110, "none", "client", "client");
    write(raw, "grpc", 2, 10, "client", "none", "none");
    write(raw, "grpc", 2, 110, "client", "client", "server");
    Path out = tmp.resolve("out.md");
    Cli.Result r = Cli.run("reproduction", "--data", raw.toString(), "--out", out.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    String md = Files.readString(out);
    assertThat(md)
        .contains(
            "1/(1 − a) − 1.\n\nLimited by (each point of the tables counted once, by what"
                + " limited most of its runs): RPCX client 2/2; gRPC client 1/2, none 1/2;"
                + " OpenFeign –.\n");
  }

  private static CleanedPoint limited(CleanedPoint p, String by) {
    return new CleanedPoint(
        p.protocol(),
        p.threadNum(),
        p.requestNum(),
        p.status(),
        p.limitS(),
        p.runsAveraged(),
        p.errorsSum(),
        p.runtimeMs(),
        p.tps(),
        p.throughputAvg(),
        p.latency(),
        p.series(),
        p.runsDone(),
        p.runsDeclared(),
        p.load(),
        by);
  }

  @Test
  void kneeTableHasALimitedByColumnOnlyWhenAKneePointSays() {
    List<CleanedPoint> points = new ArrayList<>();
    points.add(limited(KneeTest.ok("rpcx", 500, 100), "none"));
    points.add(limited(KneeTest.ok("rpcx", 1000, 120), "client 2/3, none 1/3"));
    points.add(KneeTest.ok("grpc", 500, 300));
    points.add(KneeTest.point("grpc", 1000, 900, 0, 0, 350.0));
    List<Knee> k = Knee.of(points, 5);
    String md = Knee.markdown(k, 5);
    assertThat(md)
        .contains("| p99 / unloaded | limited by at knee | next rate (calls/s) |")
        .contains("| ---: | --- | ---: |")
        .contains(
            "| rpcx | 2 | 500 | 100.0 | 1000 | 1000.0 | 120.0 | 1.20 | client 2/3, none 1/3 | – |")
        .contains("| grpc | 2 | 500 | 300.0 | 500 | 500.0 | 300.0 | 1.00 | – | 1000 |");
    assertThat(Knee.csv(k).lines().toList())
        .contains(
            "rpcx,2,500,100.0,1000,1000.0,120.0,1.20,\"client 2/3, none 1/3\",–,"
                + "kept up at every rate: the knee lies above");
    assertThat(Knee.head(k)).hasSize(11);
    // without any value the table is the one it was
    List<Knee> plain = Knee.of(List.of(KneeTest.ok("rpcx", 500, 100)), 5);
    assertThat(Knee.head(plain)).hasSize(10).doesNotContain("limited by at knee");
    assertThat(Knee.htmlRows(plain).get(0)).hasSize(10);
  }

  @Test
  void aDatabaseFromBeforeReadsEveryFileAgain(@TempDir Path tmp) throws Exception {
    Path raw = tmp.resolve("raw");
    write(raw, "rpcx", 1, 10, "client", "client", "client");
    write(raw, "grpc", 2, 10, "none", "none", "none");
    assertThat(Cli.run("ingest", "--db", Cli.sqlite(tmp), raw.toString()).exit()).isZero();
    try (Database db = Database.open(Cli.sqlite(tmp));
        java.sql.Statement s = db.connection.createStatement()) {
      // as a report from before issue 17 left it
      s.execute("ALTER TABLE raw_result DROP COLUMN limited_by");
      s.execute("ALTER TABLE cleaned_result DROP COLUMN limited_by");
    }
    Cli.Result again = Cli.run("ingest", "--db", Cli.sqlite(tmp), raw.toString());
    assertThat(again.out()).contains("2 files (2 new, 0 replaced, 0 unchanged");
    assertThat(Cli.run("clean", "--db", Cli.sqlite(tmp)).exit()).isZero();
    try (Database db = Database.open(Cli.sqlite(tmp))) {
      assertThat(IngestTest.count(db, "raw_result")).isEqualTo(6);
      assertThat(IngestTest.count(db, "raw_point")).isEqualTo(2);
      assertThat(CleanedTable.load(db))
          .extracting(CleanedPoint::limitedBy)
          .containsExactly("client", "none");
    }
  }
}
