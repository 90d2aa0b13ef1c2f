package io.rpcxbench.report.clean;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.report.Cli;
import io.rpcxbench.report.RawFiles;
import io.rpcxbench.report.archive.UnpackedMeasurements;
import io.rpcxbench.report.db.Database;
import io.rpcxbench.report.db.PointStatus;
import io.rpcxbench.report.db.Series;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One point identity (raw-format's PointIdentity) decides "the same point" for the file name, the
 * report's series and the cleaning: the two defects of issue 24 as regression tests, and the
 * committed data still read as before.
 */
class PointIdentityIngestTest {

  /** A file of the point, its provenance from the identity as the harness writes it. */
  private static Path write(Path out, PointIdentity point, String status, int rows)
      throws IOException {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("status", status);
    p.putAll(point.provenance());
    p.put("type", "1");
    p.put("runs", "3");
    p.put("runs_completed", String.valueOf(rows));
    return RawFiles.write(point.path(out), p, RawFiles.runs(p, rows, order -> 10 + order));
  }

  private static List<CleanedPoint> ingestAndClean(Path tmp, Path out) throws Exception {
    Cli.Result ingest = Cli.run("ingest", "--db", Cli.sqlite(tmp), out.toString());
    assertThat(ingest.exit()).as(ingest.err()).isZero();
    try (Database db = Database.open(Cli.sqlite(tmp))) {
      return Cleaner.run(db);
    }
  }

  @Test
  void twoEchoSizesInOneResultsFolderAreTwoPoints(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("results");
    PointIdentity echo = PointIdentity.closed("rpcx", 10, 100).withClientHost("host-a");
    Path small = write(out, echo.withCall("echo", 64, 0), "complete", 3);
    Path large = write(out, echo.withCall("echo", 1024, 0), "complete", 3);

    assertThat(small).isNotEqualTo(large);
    assertThat(large.getFileName().toString()).isEqualTo("echo-p1024-t10-r100.csv");
    List<CleanedPoint> points = ingestAndClean(tmp, out);
    assertThat(points).hasSize(2);
    assertThat(points).extracting(p -> p.series().payloadBytes()).containsExactly(1024, 64);
    assertThat(points).allMatch(p -> p.series().call().equals("echo") && p.runsAveraged() == 2);
    assertThat(points.get(0).series().text()).endsWith(", payload_bytes 1024");
  }

  @Test
  void aFailedPointWithItsCallAndScenarioLandsInItsOwnSeries(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("results");
    PointIdentity hello = PointIdentity.closed("rpcx", 10, 100).withClientHost("host-a");
    PointIdentity crashed =
        hello.withCall("items", 0, 10).withScenario("chain", Duration.ofMillis(100), "sleep");
    write(out, hello, "complete", 3);
    Path failed = write(out, crashed, "failed", 0);

    assertThat(failed.getFileName().toString()).isEqualTo("chain-w100ms-items-n10-t10-r100.csv");
    List<CleanedPoint> points = ingestAndClean(tmp, out);
    assertThat(points).hasSize(2);
    CleanedPoint chain =
        points.stream().filter(p -> p.status() == PointStatus.FAILED).findFirst().orElseThrow();
    assertThat(chain.series().call()).isEqualTo("items");
    assertThat(chain.series().items()).isEqualTo(10);
    assertThat(chain.series().scenario()).isEqualTo("chain w100ms");
    CleanedPoint paper =
        points.stream().filter(p -> p.status() != PointStatus.FAILED).findFirst().orElseThrow();
    assertThat(paper.series()).isEqualTo(new Series("thread", "hello", "host-a", ""));
    assertThat(paper.runsAveraged()).isEqualTo(2);
  }

  /**
   * Every raw file committed in the measurement archives (measurements/) is named as its identity
   * names it, and its series key is the one older databases hold (the paper's call: no payload,
   * items or arrivals fields).
   */
  @Test
  void everyCommittedRawFileKeepsItsNameAndSeries() throws IOException {
    List<Path> files = new ArrayList<>();
    for (String name : UnpackedMeasurements.names()) {
      try (Stream<Path> walk = Files.walk(UnpackedMeasurements.of(name))) {
        walk.filter(f -> f.toString().endsWith(".csv")).sorted().forEach(files::add);
      }
    }
    assertThat(files).hasSizeGreaterThan(300);
    for (Path f : files) {
      RawContents c = RawResultFile.read(f);
      if (!c.provenance().containsKey("threads")) {
        continue; // not a raw result file (a table)
      }
      PointIdentity point = PointIdentity.of(c.provenance());
      String name =
          c.provenance().containsKey("merged_hosts") // a fleet's point merged from its hosts
              ? point.mergedFileName(c.provenance().get("fleet_clients").split(" ").length)
              : point.fileName();
      // choose keeps every probe: a point probed again (its in-flight cap raised) is NAME-2.csv
      assertThat(f.getFileName().toString().replaceFirst("-[2-9][0-9]*\\.csv$", ".csv"))
          .as(f.toString())
          .isEqualTo(name);
      // the protocol's folder; choose's candidate with its stack's codec is id:codec, and the A/A
      // copy of a candidate given twice is its name#2
      assertThat(f.getParent().getFileName().toString())
          .as(f.toString())
          .matches(
              java.util.regex.Pattern.quote(point.protocol()) + "(:[a-z0-9]+)?(#[2-9][0-9]*)?");
      Series s = Series.of(point);
      // the six positional fields of older databases; newer identity keys follow as key=value
      assertThat(Stream.of(s.key().split("\\|", -1)).filter(part -> !part.contains("=")))
          .as(f.toString())
          .hasSizeLessThanOrEqualTo(6);
      assertThat(Series.parse(s.key())).isEqualTo(s);
    }
  }

  /** The reproduction's data folders each ingest to one point per file: none merged, none split. */
  @Test
  void theReproductionDataIngestsToOnePointPerFile(@TempDir Path tmp) throws Exception {
    Path data = UnpackedMeasurements.of("reproduction-data").resolve("b-1mbit-thread");
    long files;
    try (Stream<Path> walk = Files.walk(data)) {
      files = walk.filter(f -> f.toString().endsWith(".csv")).count();
    }
    Cli.run("ingest", "--db", Cli.sqlite(tmp), data.toString());
    try (Database db = Database.open(Cli.sqlite(tmp))) {
      List<CleanedPoint> points = Cleaner.run(db);
      assertThat(points).hasSize((int) files);
      assertThat(points).extracting(CleanedPoint::series).containsOnly(points.get(0).series());
    }
  }
}
