package io.rpcxbench.report.clean;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import io.rpcxbench.report.charts.Figures;
import io.rpcxbench.report.cli.ShowCommandTest;
import io.rpcxbench.report.db.Database;
import io.rpcxbench.report.db.Series;
import java.awt.image.BufferedImage;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The open loop in the report, from the committed fixture {@code /open} (a synthetic rate sweep:
 * rpcx and grpc at 500, 1000, 2000 and 4000 calls/s, 3 runs each; rpcx's p99 passes 10x its
 * unloaded p99 at 4000, grpc achieves 90 % of 2000 and drops calls at 4000).
 */
class LoadReportTest {
  static Path open() throws URISyntaxException {
    return Path.of(LoadReportTest.class.getResource("/open").toURI());
  }

  @Test
  void allDrawsLatencyAgainstLoadAndTheKneeTable(@TempDir Path tmp) throws Exception {
    Path out = tmp.resolve("report");
    Cli.Result r =
        Cli.run("all", "--db", Cli.sqlite(tmp), "--out", out.toString(), open().toString());
    assertThat(r.exit()).as(r.err()).isZero();
    BufferedImage png = ImageIO.read(out.resolve("latency-vs-load.png").toFile());
    assertThat(png.getWidth()).isEqualTo(Figures.WIDTH);
    String knee = Files.readString(out.resolve("knee.md"));
    assertThat(knee)
        .contains("| rpcx | 4 | 500 | 199.0 | 2000 | 2000.0 | ")
        .contains("| 4000 | p99 25.1x the unloaded p99 |")
        .contains("| grpc | 4 | 500 | 399.1 | 1000 | 1000.0 | ")
        .contains("| 2000 | achieved 90.0 % of the target |");
    String html = Files.readString(out.resolve("index.html"));
    assertThat(html)
        .contains("<img src=\"latency-vs-load.png\"")
        .contains("<table id=\"knee\">")
        .contains("<table id=\"load\">")
        .contains("no: achieved 90.0 % of the target")
        .contains("Load model: open")
        .contains(
            "gRPC did not keep up at 4000 calls/s: achieved 97.0 % of the target, 25 calls dropped")
        // the closed loop's tables by threads and requests are not drawn for a rate
        .doesNotContain("table3-runtime");
    assertThat(out.resolve("table3-runtime.md")).doesNotExist();
    assertThat(Files.readAllLines(out.resolve("load.csv")))
        .hasSize(9)
        .contains("rpcx,2000,2000.0,2000.0,0,0,95.0,899.1,1687.6,yes");
  }

  @Test
  void kneeCommandPrintsTheTableAndWritesTheChart(@TempDir Path tmp) throws Exception {
    Cli.Result r = Cli.run("knee", "--data", open().toString(), "--out", tmp.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .startsWith(
            "Series: requests_per total, call hello, client fixture-host, link no limit,"
                + " load model open\n")
        .contains("| rpcx | 4 | 500 | 199.0 | 2000 |")
        .contains("chart: " + tmp.resolve("latency-vs-load.png"));
    assertThat(ImageIO.read(tmp.resolve("latency-vs-load.png").toFile())).isNotNull();
    assertThat(tmp.resolve("knee.csv")).exists();
    Cli.Result strict = Cli.run("knee", "--data", open().toString(), "--factor", "2");
    assertThat(strict.out()).contains("| rpcx | 4 | 500 | 199.0 | 1000 |");
    Cli.Result none = Cli.run("knee", "--data", Cli.fixture().toString());
    assertThat(none.exit()).isEqualTo(1);
    assertThat(none.err()).contains("no open-loop point under");
    assertThat(Cli.run("knee", "--data", tmp.resolve("nope").toString()).exit()).isEqualTo(2);
  }

  @Test
  void showPrintsExtraColumnsAndTheLoadOfTheCleanedPoint() throws Exception {
    String file = open().resolve("grpc/open-r4000-d2s.csv").toString();
    Cli.Result r = Cli.run("show", file, "--column", "order,achieved_rate,dropped,client_cpu_s");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out().lines().toList())
        .containsExactly("0\t4000.0\t0\t0.100", "1\t4000.0\t0\t0.200", "2\t3880.0\t25\t0.300");
    assertThat(Cli.run("show", file, "--column", "harness_limited").out()).isEqualTo("0\n0\n0\n");
    Cli.Result unknown = Cli.run("show", file, "--column", "order,server_cpu_s");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("unknown column 'server_cpu_s'").contains("target_rate");
    Map<String, String> c = ShowCommandTest.keyValues(Cli.run("show", file, "--cleaned"));
    assertThat(c)
        .containsEntry("target_rate", "4000.000")
        .containsEntry("achieved_rate", "3940.000")
        .containsEntry("achieved_rate_min", "3880.000")
        .containsEntry("dropped", "25")
        .containsEntry("kept_up", "no: achieved 97.0 % of the target, 25 calls dropped");
    String ok = open().resolve("rpcx/open-r500-d2s.csv").toString();
    assertThat(ShowCommandTest.keyValues(Cli.run("show", ok, "--cleaned")))
        .containsEntry("kept_up", "yes");
  }

  @Test
  void loadModelsAreNeverAveragedTogether(@TempDir Path tmp) throws Exception {
    // the same point as open, in-flight and closed: three series, three points, no merge note
    String text = Files.readString(open().resolve("rpcx/open-r500-d2s.csv"));
    Path data = tmp.resolve("raw");
    Files.createDirectories(data.resolve("rpcx"));
    Files.writeString(data.resolve("rpcx/open-r500-d2s.csv"), text);
    Files.writeString(
        data.resolve("rpcx/inflight-n256-r1000.csv"),
        text.replace("# load_model: open", "# load_model: in-flight"));
    Files.writeString(
        data.resolve("rpcx/t256-r1000.csv"), text.replace("# load_model: open\n", ""));
    Path out = tmp.resolve("report");
    Cli.Result r =
        Cli.run("all", "--db", Cli.sqlite(tmp), "--out", out.toString(), data.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("clean: 3 points {complete=3} in 3 series");
    assertThat(r.err()).doesNotContain("averaged together");
    try (Database db = Database.open(Cli.sqlite(tmp))) {
      List<CleanedPoint> cleaned = CleanedTable.load(db);
      assertThat(cleaned)
          .extracting(p -> p.series().loadModel())
          .containsExactlyInAnyOrder("closed", "open", "in-flight");
    }
    String index = Files.readString(out.resolve("index.html"));
    assertThat(index)
        .contains("load model open")
        .contains("load model in-flight")
        .contains("latency-vs-load.png");
    // the reproduction's tables are the paper's closed loop: the other models are left out
    Cli.Result rep = Cli.run("reproduction", "--data", data.toString());
    assertThat(rep.exit()).as(rep.err()).isZero();
    assertThat(rep.out())
        .contains("Left out: 1 points of load model in-flight; 1 points of load model open;");
    assertThat(rep.out().split("\n## Link ", -1)).hasSize(2);
    List<Path> pages;
    try (var s = Files.list(out)) {
      pages = s.filter(Files::isDirectory).toList();
    }
    assertThat(pages).hasSize(3);
    for (Path page : pages) {
      String html = Files.readString(page.resolve("index.html"));
      boolean isOpen = page.getFileName().toString().endsWith("-open");
      boolean isClosed = !isOpen && !page.getFileName().toString().endsWith("-in-flight");
      assertThat(html.contains("<table id=\"knee\">")).as(page.toString()).isEqualTo(isOpen);
      // the paper's tables are its closed loop's: an in-flight page compares without them
      assertThat(html.contains("<table id=\"table3-runtime\">"))
          .as(page.toString())
          .isEqualTo(isClosed);
      assertThat(html.contains("<table id=\"vs-reference\">"))
          .as(page.toString())
          .isEqualTo(!isOpen);
    }
  }

  @Test
  void aSeriesKeyReadBackKeepsItsLoadModel() {
    Series open = Series.of(Map.of("load_model", "open", "call", "echo"));
    assertThat(Series.parse(open.key())).isEqualTo(open);
    Series closed = Series.of(Map.of("link_rate", "1mbit"));
    assertThat(Series.parse(closed.key())).isEqualTo(closed);
  }
}
