package io.rpcxbench.report.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.report.Cli;
import io.rpcxbench.report.RawFiles;
import io.rpcxbench.report.ReportCli;
import io.rpcxbench.report.charts.Figures;
import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.CleanedTable;
import io.rpcxbench.report.clean.Cleaner;
import io.rpcxbench.report.pages.GoldenReportTest;
import io.rpcxbench.report.tables.Measurements;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12: bad numbers, overflowing sums, duplicate files, cut files and junk are reported and
 * kept out of the tables, and the report is still written.
 */
class IngestHardeningTest {
  private static final String HEADER = "type,threadNum,requestNum,order,timeTotal,tps";

  /** A v1-style file of rpcx at 10 x 100 with the given run rows (after the header). */
  private static Path paperFile(Path file, String runs, String... rows) throws IOException {
    Files.createDirectories(file.getParent());
    StringBuilder sb =
        new StringBuilder(
            RawResultFile.MAGIC
                + "\n# status: complete\n# protocol: rpcx\n# type: 1\n# threads: 10\n# requests: 100\n"
                + "# runs: "
                + runs
                + "\n"
                + HEADER
                + ",calls,errors\n");
    for (String r : rows) {
      sb.append(r).append('\n');
    }
    Files.writeString(file, sb.toString());
    return file;
  }

  /** Order k, 20 ms, the tps that goes with it, 1000 calls, 0 errors. */
  private static String good(int order) {
    return "1,10,100," + order + ",20.000,5000.000,1000,0";
  }

  @Test
  void anInfiniteTimeIsABadLineAndTheReportIsStillWritten(@TempDir Path tmp) throws Exception {
    Path file =
        paperFile(
            tmp.resolve("raw/rpcx/t10-r100.csv"),
            "3",
            good(0),
            "1,10,100,1,1e999,0.000,1000,0",
            good(2));
    Path out = tmp.resolve("report");
    Cli.Result r =
        Cli.run("all", "--db", Cli.sqlite(tmp), "--out", out.toString(), file.toString());
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err())
        .contains(file + ":10: timeTotal out of range (0, 6.04800e+08] ms: Infinity");
    assertThat(r.out()).contains("2 runs stored", "1 incomplete");
    assertThat(out.resolve("index.html")).exists();
    assertThat(GoldenReportTest.read(out.resolve("table3-runtime.md"))).contains("incomplete 2/3");
  }

  @Test
  void aTpsThatDoesNotMatchTheTimeIsABadLine(@TempDir Path tmp) throws Exception {
    Path file = paperFile(tmp.resolve("t.csv"), "2", good(0), "1,10,100,1,20.000,1e38,1000,0");
    Cli.Result r = Cli.run("ingest", "--db", Cli.sqlite(tmp), file.toString());
    assertThat(r.err())
        .contains(
            file + ":10: tps 1.00000e+38 is not requestNum / timeTotal = 5000.00 (tolerance 1 %)");
    assertThat(IngestTest.counts(tmp)).containsEntry("raw_result", 1);
  }

  @Test
  void errorsBeyondCallsAreBadLinesAndSumsCannotOverflow(@TempDir Path tmp) throws Exception {
    long max = Long.MAX_VALUE;
    Path file =
        paperFile(
            tmp.resolve("t.csv"),
            "3",
            good(0),
            "1,10,100,1,20.000,5000.000,1000," + max,
            "1,10,100,2,20.000,5000.000,1000," + max);
    Cli.Result r = Cli.run("ingest", "--db", Cli.sqlite(tmp), file.toString());
    assertThat(r.err()).contains(file + ":10: errors " + max + " exceed calls = 1000");
    // Past the row checks (e.g. rows written by an older report), the sum is checked too.
    StoredRun huge =
        new StoredRun(
            1, 10, 100, 1, 20, 5000, null, max, null, null, null, null, null, null, null, null,
            null, null, null);
    List<String> problems = new ArrayList<>();
    CleanedPoint p =
        Cleaner.summarize(
            new Cleaner.Key(RawProtocol.RPCX, 10, 100), List.of(huge, huge), null, problems);
    assertThat(p.errorsSum()).isNull();
    assertThat(problems)
        .containsExactly(
            "rpcx, 10 threads, 100 requests, requests_per thread, call hello, client unknown, link no"
                + " limit: the errors of its runs add up to more than a long holds; left empty");
  }

  @Test
  void aSecondFileOfAPointIsAnErrorNamingBothUnlessMerged(@TempDir Path tmp) throws Exception {
    Map<String, String> p = RawFiles.provenance("rpcx", 1, 10, 100, 10);
    Path a =
        RawFiles.write(tmp.resolve("raw/a/rpcx/t10-r100.csv"), p, RawFiles.runs(p, 10, k -> 14));
    Path b =
        RawFiles.write(tmp.resolve("raw/b/rpcx/t10-r100.csv"), p, RawFiles.runs(p, 10, k -> 1000));
    Cli.Result r =
        Cli.run(
            "all",
            "--db",
            Cli.sqlite(tmp),
            "--out",
            tmp.resolve("r").toString(),
            tmp.resolve("raw").toString());
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err())
        .contains(
            b
                + ":1: same point as "
                + a.toAbsolutePath()
                + " (rpcx, 10 threads, 100 requests, requests_per thread, call hello, client host-a,"
                + " link no limit); file skipped (--merge-duplicates averages them together)");
    assertThat(r.out()).contains("1 duplicate");
    assertThat(cleanedTime(tmp, "rpcx")).isEqualTo(14.0);

    Path merged = tmp.resolve("merged");
    Files.createDirectories(merged);
    Cli.Result m =
        Cli.run(
            "all",
            "--merge-duplicates",
            "--db",
            Cli.sqlite(merged),
            "--out",
            merged.resolve("r").toString(),
            tmp.resolve("raw").toString());
    assertThat(m.exit()).as(m.err()).isZero();
    assertThat(m.err())
        .contains("note: rpcx, 10 threads, 100 requests", "2 files averaged together");
    assertThat(cleanedTime(merged, "rpcx")).isEqualTo((9 * 14 + 9 * 1000) / 18.0);
  }

  @Test
  void anotherLinkRateOrReadingIsAnotherSeriesNeverAveraged(@TempDir Path tmp) throws Exception {
    Map<String, String> slow = RawFiles.provenance("rpcx", 1, 10, 100, 10);
    slow.put("link_rate", "1mbit");
    Map<String, String> total = RawFiles.provenance("rpcx", 1, 10, 100, 10);
    total.put("requests_per", "total");
    Map<String, String> oldLab = RawFiles.provenance("rpcx", 1, 10, 100, 10);
    oldLab.put("lab", "rate=1gbit cpus=1 memory=2g");
    Map<String, String> plain = RawFiles.provenance("rpcx", 1, 10, 100, 10);
    RawFiles.write(tmp.resolve("raw/fast/t.csv"), plain, RawFiles.runs(plain, 10, k -> 14));
    RawFiles.write(tmp.resolve("raw/slow/t.csv"), slow, RawFiles.runs(slow, 10, k -> 900));
    RawFiles.write(tmp.resolve("raw/total/t.csv"), total, RawFiles.runs(total, 10, k -> 5));
    RawFiles.write(tmp.resolve("raw/gbit/t.csv"), oldLab, RawFiles.runs(oldLab, 10, k -> 20));
    Path out = tmp.resolve("report");
    Cli.Result r =
        Cli.run(
            "all", "--db", Cli.sqlite(tmp), "--out", out.toString(), tmp.resolve("raw").toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("4 series, one folder each");
    assertThat(out.resolve("thread-hello-host-a-nolimit/index.html")).exists();
    assertThat(out.resolve("thread-hello-host-a-1mbit/table3-runtime.md")).exists();
    assertThat(out.resolve("thread-hello-host-a-1gbit/index.html")).exists();
    assertThat(out.resolve("total-hello-host-a-nolimit/index.html")).exists();
    assertThat(GoldenReportTest.read(out.resolve("index.html")))
        .contains("link 1mbit", "requests_per total");
    assertThat(GoldenReportTest.read(out.resolve("thread-hello-host-a-1mbit/cleaned.csv")))
        .contains(",900.000,");
  }

  @Test
  void aCutFileIsIncompleteNeverComplete(@TempDir Path tmp) throws Exception {
    Map<String, String> p = RawFiles.provenance("rpcx", 1, 10, 100, 10);
    Path file =
        RawFiles.write(tmp.resolve("raw/rpcx/t10-r100.csv"), p, RawFiles.runs(p, 10, k -> 14));
    List<String> lines = Files.readAllLines(file);
    Files.write(file, lines.subList(0, lines.size() - 4)); // 6 of 10 runs left
    Map<String, String> q = RawFiles.provenance("grpc", 2, 10, 100, 10);
    q.put("status", "incomplete");
    RawFiles.write(tmp.resolve("raw/grpc/t10-r100.csv"), q, RawFiles.runs(q, 3, k -> 30));
    Path out = tmp.resolve("report");
    Cli.Result r =
        Cli.run(
            "all", "--db", Cli.sqlite(tmp), "--out", out.toString(), tmp.resolve("raw").toString());
    assertThat(r.err()).contains(file + ":1: only 6 of 10 runs stored; point marked incomplete");
    assertThat(r.out()).contains("9 runs stored, 2 incomplete", "clean: 2 points {incomplete=2}");
    try (Database db = Database.open(Cli.sqlite(tmp));
        Statement s = db.connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT protocol, status FROM raw_point ORDER BY protocol")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1) + ":" + rs.getString(2)).isEqualTo("grpc:incomplete");
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1) + ":" + rs.getString(2)).isEqualTo("rpcx:incomplete");
    }
    String table = GoldenReportTest.read(out.resolve("table3-runtime.md"));
    assertThat(table).contains("| 10 | incomplete 6/10 | incomplete 3/10 | – |");
    assertThat(GoldenReportTest.read(out.resolve("cleaned.csv")))
        .contains("1,rpcx,10,100,incomplete,,5,0,14.000");
    assertThat(GoldenReportTest.read(out.resolve("index.html"))).contains("incomplete 6/10");
  }

  @Test
  void aTimedOutFileKeepsItsRunsAndItsStatus(@TempDir Path tmp) throws Exception {
    Map<String, String> p = RawFiles.provenance("rpcx", 1, 10, 100, 10);
    p.put("status", "timeout");
    p.put("limit_s", "600");
    p.put("runs_completed", "3");
    RawFiles.write(tmp.resolve("raw/rpcx/t10-r100.csv"), p, RawFiles.runs(p, 3, k -> 14));
    Path out = tmp.resolve("report");
    Cli.Result r =
        Cli.run(
            "all", "--db", Cli.sqlite(tmp), "--out", out.toString(), tmp.resolve("raw").toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("3 runs stored, 0 incomplete", "clean: 1 points {timeout=1}");
    assertThat(GoldenReportTest.read(out.resolve("table3-runtime.md"))).contains("timeout 3/10");
    assertThat(GoldenReportTest.read(out.resolve("cleaned.csv")))
        .contains("1,rpcx,10,100,timeout,600,2,0,14.000");
  }

  @Test
  void atMostTwentyProblemLinesPerFileThenACount(@TempDir Path tmp) throws Exception {
    List<String> rows = new ArrayList<>();
    rows.add(good(0));
    for (int i = 0; i < 100; i++) {
      rows.add("junk " + i);
    }
    Path file = paperFile(tmp.resolve("t.csv"), "10", rows.toArray(String[]::new));
    Cli.Result r = Cli.run("ingest", "--db", Cli.sqlite(tmp), file.toString());
    List<String> err = r.err().lines().toList();
    assertThat(err).hasSize(ProblemLog.SHOWN + 2);
    assertThat(err.get(0)).isEqualTo(file + ":10: expected 8 fields, found 1");
    // the verdict on the file is always shown
    assertThat(err.get(ProblemLog.SHOWN))
        .isEqualTo(file + ":1: only 1 of 10 runs stored; point marked incomplete");
    assertThat(err.get(ProblemLog.SHOWN + 1))
        .isEqualTo(file + ": 80 more problems not shown (101 in all)");
    assertThat(r.out()).contains("101 problems");
  }

  @Test
  void aLabelInTheProvenanceNamesTheProtocol(@TempDir Path tmp) throws Exception {
    Map<String, String> p = RawFiles.provenance("zz-proto", 77, 10, 100, 3);
    p.put("label", "ZZ Proto");
    RawFiles.write(tmp.resolve("raw/zz/t.csv"), p, RawFiles.runs(p, 3, k -> 20));
    Map<String, String> q = RawFiles.provenance("rpcx", 1, 10, 100, 3);
    RawFiles.write(tmp.resolve("raw/rpcx/t.csv"), q, RawFiles.runs(q, 3, k -> 10));
    Path out = tmp.resolve("report");
    Cli.Result r =
        Cli.run(
            "all", "--db", Cli.sqlite(tmp), "--out", out.toString(), tmp.resolve("raw").toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(GoldenReportTest.read(out.resolve("vs-reference.md")))
        .contains("| 10 | 100 | ZZ Proto | 77 |");
    assertThat(GoldenReportTest.read(out.resolve("index.html"))).contains("ZZ Proto");
  }

  @Test
  void aChartThatCannotBeDrawnLeavesAReasonInItsPlace(@TempDir Path tmp) throws Exception {
    Figures.Figure f =
        Figures.safely(
            "Fig. 8a",
            () -> {
              throw new IllegalArgumentException("Series data cannot contain Infinity");
            });
    assertThat(f.file()).isNull();
    assertThat(f.caption())
        .isEqualTo(
            "This chart could not be drawn: IllegalArgumentException: Series data cannot contain Infinity");
    // End to end: an infinite value in the cleaned table (e.g. from an older report) still gives
    // an index.html.
    Path out = tmp.resolve("report");
    Cli.run("all", "--db", Cli.sqlite(tmp), "--out", out.toString(), Cli.fixture().toString());
    Files.delete(out.resolve("index.html"));
    try (Database db = Database.open(Cli.sqlite(tmp));
        var ps =
            db.connection.prepareStatement(
                "UPDATE cleaned_result SET tps_avg = ?, time_total_avg_ms = ?")) {
      ps.setDouble(1, Double.POSITIVE_INFINITY);
      ps.setDouble(2, Double.POSITIVE_INFINITY);
      ps.executeUpdate();
    }
    Cli.Result r = Cli.run("report", "--db", Cli.sqlite(tmp), "--out", out.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(GoldenReportTest.read(out.resolve("index.html")))
        .contains("<strong>Fig. 8a: RPCX average runtime (ms)</strong>")
        .contains("This chart could not be drawn: IllegalArgumentException:");
  }

  /**
   * 200 MB of junk after a valid head, with a 3 MB line and bytes that are not UTF-8, through
   * {@code ingest} in a JVM with a 64 MB heap: a clear result, not an OutOfMemoryError.
   */
  @Test
  void twoHundredMegabytesOfJunkEndInBoundedMemoryWithAClearResult(@TempDir Path tmp)
      throws Exception {
    Path junk = tmp.resolve("junk.csv");
    try (OutputStream o = Files.newOutputStream(junk)) {
      o.write(
          (RawResultFile.MAGIC
                  + "\n# status: complete\n# protocol: rpcx\n# type: 1\n# threads: 10\n# requests: 100\n"
                  + "# runs: 10\n"
                  + HEADER
                  + "\n")
              .getBytes(StandardCharsets.US_ASCII));
      o.write(new byte[3 << 20]); // one 3 MB line of NUL bytes
      o.write('\n');
      byte[] block = junkBlock();
      for (long written = 0; written < 200L << 20; written += block.length) {
        o.write(block);
      }
    }
    Path log = tmp.resolve("ingest.log");
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                ReportCli.class.getName(),
                "ingest",
                "--db",
                Cli.sqlite(tmp),
                junk.toString())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      throw new AssertionError("ingest of 200 MB of junk did not end in 120 s");
    }
    String output = Files.readString(log);
    assertThat(output).doesNotContain("OutOfMemoryError");
    assertThat(p.exitValue()).as(output).isEqualTo(1);
    // 20 problems, the verdict on the file, the count of the rest, the summary
    assertThat(output.lines().count()).as(output).isLessThanOrEqualTo(ProblemLog.SHOWN + 3);
    assertThat(output)
        .contains(junk + ":9: line longer than 1048576 bytes")
        .contains("more problems not shown")
        .contains(junk + ":1: only 0 of 10 runs stored; point marked incomplete")
        .contains(
            "ingest: 1 files (1 new, 0 replaced, 0 unchanged, 0 unreadable, 0 duplicate), 0 runs stored, 1 incomplete");
  }

  /** 64 KB of lines that are not run rows: text, wrong field counts, bytes that are not UTF-8. */
  private static byte[] junkBlock() {
    StringBuilder sb = new StringBuilder();
    int i = 0;
    while (sb.length() < 60_000) {
      sb.append(
          switch (i++ % 4) {
            case 0 ->
                "lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod " + i;
            case 1 -> "1,10,100,x,NaN,-5";
            case 2 -> "1,10,100,1,20.000,5000.000,extra,fields,here,and,more";
            default -> "\u00ff\u00fe garbage \u0000\u0001 " + i;
          });
      sb.append('\n');
    }
    byte[] text = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    return java.util.Arrays.copyOf(text, text.length);
  }

  private static double cleanedTime(Path dir, String protocol) throws Exception {
    try (Database db = Database.open(Cli.sqlite(dir))) {
      return new Measurements(CleanedTable.load(db))
          .points.stream()
              .filter(x -> x.protocol().id.equals(protocol))
              .findFirst()
              .orElseThrow()
              .runtimeMs()
              .avg();
    }
  }
}
