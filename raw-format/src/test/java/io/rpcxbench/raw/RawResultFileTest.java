package io.rpcxbench.raw;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RawResultFileTest {
  private final Locale saved = Locale.getDefault();

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(saved);
  }

  /** 3 calls of 100 µs, one of 200 µs, one of 1 ms, recorded in ns like the harness does. */
  static Histogram fiveCalls() {
    Histogram h = new Histogram(1_000, 3_600_000_000_000L, 3);
    h.recordValueWithCount(100_000, 3);
    h.recordValue(200_000);
    h.recordValue(1_000_000);
    return h;
  }

  static Map<String, String> provenance() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("status", "complete");
    p.put("protocol", "zz-proto");
    p.put("type", "77");
    p.put("threads", "10");
    p.put("requests", "100");
    p.put("runs", "2");
    p.put("jvm_flags", "-Xmx512m\n-XX:+UseG1GC");
    return p;
  }

  static List<RunRow> rows() {
    return List.of(
        RunRow.measured(77, 10, 100, 0, 944.112, 0, 0, new Histogram(3)),
        RunRow.measured(77, 10, 100, 1, 47.006, 5, 0, fiveCalls()));
  }

  @Test
  void writesTheGoldenFileInAGermanLocaleToo(@TempDir Path tmp) throws IOException {
    for (Locale locale : List.of(Locale.US, Locale.GERMANY)) {
      Locale.setDefault(locale);
      Path file = tmp.resolve(locale + "/t10-r100.csv");
      RawResultFile.write(file, provenance(), rows());
      assertThat(Files.readString(file)).as(locale.toString()).isEqualTo(resource("golden-v2.csv"));
    }
  }

  @Test
  void goldenFileReadsBackWithItsHistogram() throws IOException {
    RawContents c = RawResultFile.parse(resource("golden-v2.csv"), "golden-v2.csv");
    assertThat(c.problems()).isEmpty();
    assertThat(c.usable()).isTrue();
    assertThat(c.columns()).isEqualTo(RawResultFile.COLUMNS);
    assertThat(c.provenance())
        .containsEntry("protocol", "zz-proto")
        .containsEntry("jvm_flags", "-Xmx512m -XX:+UseG1GC");
    assertThat(c.rows()).hasSize(2);
    assertThat(c.rows().get(0).latencyNanos()).isEmpty();
    Histogram h = c.rows().get(1).latencyNanos().orElseThrow();
    assertThat(h).isEqualTo(fiveCalls());
    assertThat(h.getTotalCount()).isEqualTo(5);
    assertThat(c.rows().get(1).p50Us()).isEqualTo(100.4);
  }

  @Test
  void roundTrip(@TempDir Path tmp) throws IOException {
    Path file = tmp.resolve("rpcx/t10-r100.csv");
    RawResultFile.write(file, provenance(), rows());
    RawContents c = RawResultFile.read(file);
    assertThat(c.problems()).isEmpty();
    assertThat(c.rows()).hasSize(2);
    for (int i = 0; i < 2; i++) {
      // the file keeps 3 decimals (1 for percentiles): compare the text, not the doubles
      assertThat(c.rows().get(i).toCsv()).isEqualTo(rows().get(i).toCsv());
      assertThat(c.rows().get(i).histogram()).isEqualTo(rows().get(i).histogram());
    }
  }

  @Test
  void readsV1FilesWithoutHistograms() throws IOException {
    RawContents c = RawResultFile.parse(resource("v1.csv"), "v1.csv");
    assertThat(c.problems()).isEmpty();
    assertThat(c.hasColumn("histogram")).isFalse();
    assertThat(c.rows()).extracting(RunRow::order).containsExactly(0, 1);
    assertThat(c.rows().get(1).p99Us()).isEqualTo(1100.0);
    assertThat(c.rows().get(1).latencyNanos()).isEmpty();
  }

  @Test
  void badLinesAreReportedWithTheirNumberAndSkipped() {
    String text =
        "\uFEFF# rpcx-bench raw result v2\r\n# status: complete\r\n# type: 2\r\n# threads: 10\r\n"
            + "# requests: 100\r\n# runs: 10\r\n"
            + "type,threadNum,requestNum,order,timeTotal,tps,histogram\r\n"
            + "2,10,100,0,1.5,2.5,\r\n" // line 8: fine, no histogram
            + "2,10,100,x,1.5,2.5,\r\n" // 9
            + "2,10,100,2,1,5,2.5,\r\n" // 10
            + "2,10,100,3,NaN,2.5,\r\n" // 11
            + "2,20,100,4,1.5,2.5,\r\n" // 12
            + "2,10,100,0,1.5,2.5,\r\n" // 13
            + "2,10,100,10,1.5,2.5,\r\n" // 14
            + "2,10,100,5,1.5,2.5,HISTFAAAAnotahistogram\r\n" // 15
            + "2,10,100,6,1.5,2.5,***\r\n" // 16
            + "2,10,100,7,1.5,2.5,"
            + Histograms.encode(fiveCalls())
            + "\r\n"; // 17: fine
    RawContents c = RawResultFile.parse(text, "f.csv");
    assertThat(c.rows()).extracting(RunRow::order).containsExactly(0, 7);
    assertThat(c.problems())
        .hasSize(8)
        .startsWith(
            "f.csv:9: order is not an integer: 'x'",
            "f.csv:10: expected 7 fields, found 8",
            "f.csv:11: timeTotal is not a number: 'NaN'",
            "f.csv:12: row is for type 2, 20 threads, 100 requests but the file is for type 2,"
                + " 10 threads, 100 requests",
            "f.csv:13: duplicate order 0",
            "f.csv:14: order 10 outside 0..9");
    assertThat(c.problems().get(6))
        .startsWith("f.csv:15: histogram is not a compressed HdrHistogram");
    assertThat(c.problems().get(7)).startsWith("f.csv:16: histogram is not base64");
  }

  @Test
  void unusableFilesAndUnfinishedPoints() {
    RawContents badStatus =
        RawResultFile.parse(
            RawResultFile.MAGIC + "\n# status: finished\n# type: 1\n# threads: 1\n# requests: 1\n",
            "a");
    assertThat(badStatus.usable()).isFalse();
    assertThat(badStatus.problems())
        .containsExactly("a:1: unknown status 'finished'; file skipped");
    RawContents noColumn =
        RawResultFile.parse(
            RawResultFile.MAGIC
                + "\n# status: complete\n# protocol: x\n# threads: 1\n# requests: 1\ntype,order\n",
            "b");
    assertThat(noColumn.usable()).isFalse();
    assertThat(noColumn.problems()).containsExactly("b:6: header lacks column 'threadNum'");
    RawContents timeout =
        RawResultFile.parse(
            RawResultFile.MAGIC
                + "\n# status: timeout\n# type: 3\n# threads: 1\n# requests: 1\n# limit_s: 600\n"
                + RawResultFile.HEADER
                + "\n",
            "c");
    assertThat(timeout.usable()).isTrue();
    assertThat(timeout.problems()).isEmpty();
    assertThat(timeout.rows()).isEmpty();
    assertThat(timeout.provenance("limit_s")).contains("600");
  }

  @Test
  void filesOfAnUnknownFormatVersionOrNoneAreSkippedWithOneLine() {
    String point =
        "# status: complete\n# type: 1\n# threads: 1\n# requests: 1\n"
            + RawResultFile.HEADER
            + "\n";
    for (String version : List.of("v99", "v0", "v")) {
      RawContents c = RawResultFile.parse("# rpcx-bench raw result " + version + "\n" + point, "x");
      assertThat(c.usable()).as(version).isFalse();
      assertThat(c.problems())
          .containsExactly(
              "x:1: raw format version '"
                  + version.substring(0)
                  + "' is not one this reader knows (v1, v2); file skipped");
    }
    RawContents none = RawResultFile.parse(point, "y");
    assertThat(none.usable()).isFalse();
    assertThat(none.problems())
        .containsExactly(
            "y:1: no format line '# rpcx-bench raw result v2' (not a raw result file, or one of"
                + " no known version); file skipped");
    assertThat(RawResultFile.parse("\n# rpcx-bench raw result v1\n" + point, "z").usable())
        .isTrue();
    assertThat(RawResultFile.parse("", "e").problems()).hasSize(1);
  }

  @Test
  void timedOutAndIncompletePointsKeepTheirFinishedRunsButFailedOnesHaveNone(@TempDir Path tmp)
      throws IOException {
    for (String status : List.of("timeout", "incomplete")) {
      Map<String, String> p = provenance();
      p.put("status", status);
      p.put("runs_completed", "2");
      Path file = tmp.resolve(status + ".csv");
      RawResultFile.write(file, p, rows());

      RawContents c = RawResultFile.read(file);

      assertThat(c.usable()).isTrue();
      assertThat(c.problems()).isEmpty();
      assertThat(c.rows()).hasSize(2);
      assertThat(c.provenance("status")).contains(status);
    }
    Map<String, String> p = provenance();
    p.put("status", "failed");
    Path failed = tmp.resolve("failed.csv");
    RawResultFile.write(failed, p, rows());
    assertThat(RawResultFile.read(failed).rows()).isEmpty();
    assertThat(RawResultFile.read(failed).problems())
        .isNotEmpty()
        .allMatch(line -> line.contains("run row in a file with status failed"));
  }

  @Test
  void atomicWriteLeavesNoTempFile(@TempDir Path tmp) throws IOException {
    Path file = tmp.resolve("t10-r100.csv");
    RawResultFile.write(file, provenance(), rows());
    RawResultFile.write(file, provenance(), rows().subList(0, 1)); // replaces
    try (Stream<Path> files = Files.list(tmp)) {
      assertThat(files).containsExactly(file);
    }
    assertThat(RawResultFile.read(file).rows()).hasSize(1);
  }

  static String resource(String name) throws IOException {
    try (InputStream in = RawResultFileTest.class.getResourceAsStream("/" + name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
