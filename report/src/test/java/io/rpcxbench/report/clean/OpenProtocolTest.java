package io.rpcxbench.report.clean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcxbench.report.Cli;
import io.rpcxbench.report.db.Database;
import io.rpcxbench.report.pages.GoldenReportTest;
import io.rpcxbench.stats.Num;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A protocol the report has never heard of (zz-proto, type 77, v2 files with histograms) flows
 * through ingest, clean and report; the paper's tables keep their layout; vs-reference compares it.
 */
public class OpenProtocolTest {

  public static Path extra() throws URISyntaxException {
    return Path.of(OpenProtocolTest.class.getResource("/raw-extra").toURI());
  }

  @Test
  void unknownProtocolFlowsThroughAndPaperTablesStayTheSame(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("report");
    Cli.Result r =
        Cli.run(
            "all",
            "--db",
            Cli.sqlite(tmp),
            "--out",
            out.toString(),
            Cli.fixture().toString(),
            extra().toString());
    assertThat(r.exit()).as(r.err()).isEqualTo(1); // the fixture's malformed lines only
    assertThat(r.err()).doesNotContain("zz-proto");
    for (String f : GoldenReportTest.GOLDEN) {
      if (!f.equals("cleaned.csv")) {
        assertThat(GoldenReportTest.read(out.resolve(f)))
            .as(f)
            .isEqualTo(GoldenReportTest.golden(f));
      }
    }
    String cleaned = GoldenReportTest.read(out.resolve("cleaned.csv"));
    assertThat(cleaned).startsWith(GoldenReportTest.golden("cleaned.csv"));
    List<String> zz = cleaned.lines().filter(l -> l.startsWith("77,zz-proto,")).toList();
    assertThat(zz).hasSize(2);
    String[] f = zz.get(0).split(",", -1);
    assertThat(Arrays.asList(f).subList(0, 8))
        .containsExactly("77", "zz-proto", "10", "100", "complete", "", "2", "0");
    assertThat(f[22]).isEqualTo("histogram");
    // Runs 1 and 2 merged (2000 calls: 990 at 100 µs, 10 at 2 ms, 1000 at 200 µs): p50 and p99 are
    // 200 µs (HdrHistogram's bucket top, 200.2), p99.9 and max 2 ms. Averaging the runs' p99 would
    // give 150.
    assertThat(Double.parseDouble(f[17])).isCloseTo(200.2, within(0.05));
    assertThat(Double.parseDouble(f[19])).isCloseTo(200.2, within(0.05));
    assertThat(Double.parseDouble(f[20])).isCloseTo(2000.0, within(2.0));
    assertThat(Double.parseDouble(f[21])).isCloseTo(2000.0, within(2.0));

    // vs-reference: zz-proto 50000 calls/s against rpcx's 74015.536 at 10 threads x 100 requests.
    String vs = GoldenReportTest.read(out.resolve("vs-reference.csv"));
    assertThat(vs)
        .startsWith(
            "threads,requests,protocol,type,status,throughput,p50_us,p99_us,reference,"
                + "throughput_ratio,throughput_low,throughput_high,p50_low_us,p50_high_us,"
                + "p99_low_us,p99_high_us\n");
    assertThat(vs)
        .contains(
            "10,100,rpcx,1,complete,74015.536,112.000,336.000,rpcx,1.0000,",
            "10,100,zz-proto,77,complete,50000.000,",
            ",rpcx," + Num.fixed(50000 / 74015.536, 4) + ",",
            "210,300,openfeign,3,timeout,,,,rpcx,,,,,,,\n");
    assertThat(GoldenReportTest.read(out.resolve("vs-reference.md")))
        .contains("# Every protocol against rpcx", "| 10 | 100 | zz-proto | 77 | 50000.0 | 0.68 |");
    String html = GoldenReportTest.read(out.resolve("index.html"));
    assertThat(html).contains("id=\"vs-reference\"", "zz-proto", "src=\"vs-reference.png\"");
    assertThat(out.resolve("vs-reference.png")).isNotEmptyFile();
  }

  @Test
  void referenceOptionPicksAnyProtocolAndAnUnmeasuredOneIsAWarning(@TempDir Path tmp)
      throws Exception {
    Path out = tmp.resolve("report");
    Cli.run(
        "all",
        "--db",
        Cli.sqlite(tmp),
        "--out",
        out.toString(),
        Cli.fixture().toString(),
        extra().toString());
    Cli.Result r =
        Cli.run(
            "report", "--db", Cli.sqlite(tmp), "--out", out.toString(), "--reference", "zz-proto");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(GoldenReportTest.read(out.resolve("vs-reference.csv")))
        .contains(
            "10,100,rpcx,1,complete,74015.536,112.000,336.000,zz-proto,"
                + Num.fixed(74015.536 / 50000, 4))
        .contains("10,100,zz-proto,77,complete,50000.000,");
    Cli.Result none =
        Cli.run("report", "--db", Cli.sqlite(tmp), "--out", out.toString(), "--reference", "nope");
    assertThat(none.exit()).isZero();
    assertThat(none.err()).contains("warning: reference protocol 'nope' was not measured");
    assertThat(GoldenReportTest.read(out.resolve("vs-reference.md")))
        .contains("The reference protocol 'nope' was not measured.");
  }

  @Test
  void aFileWithAPaperIdAndAnotherTypeIsSkipped(@TempDir Path tmp) throws Exception {
    Path bad = tmp.resolve("bad.csv");
    java.nio.file.Files.writeString(
        bad,
        io.rpcxbench.raw.RawResultFile.MAGIC
            + "\n# status: complete\n# protocol: rpcx\n# type: 2\n# threads: 10\n"
            + "# requests: 100\ntype,threadNum,requestNum,order,timeTotal,tps\n2,10,100,0,1.5,66666.667\n");
    Path typeOnly = tmp.resolve("type-only.csv");
    java.nio.file.Files.writeString(
        typeOnly,
        io.rpcxbench.raw.RawResultFile.MAGIC
            + "\n# status: complete\n# type: 77\n# threads: 10\n"
            + "# requests: 100\ntype,threadNum,requestNum,order,timeTotal,tps\n77,10,100,0,1.5,66666.667\n");
    Cli.Result r = Cli.run("ingest", "--db", Cli.sqlite(tmp), bad.toString(), typeOnly.toString());
    assertThat(r.err().lines().toList())
        .containsExactly(bad + ":1: protocol 'rpcx' does not match type 2; file skipped");
    Cli.run("clean", "--db", Cli.sqlite(tmp));
    try (Database db = Database.open(Cli.sqlite(tmp))) {
      assertThat(CleanedTable.load(db)).extracting(p -> p.protocol().id).containsExactly("type-77");
    }
  }
}
