package io.rpcxbench.report.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RunRow;
import io.rpcxbench.report.Cli;
import io.rpcxbench.report.RawFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every warning the console printed for a point is on the page beside its figures, judged again
 * from the files: kept runs still rising (the engine's trend rule), runs limited by a contended
 * machine, a harness-limited point, a link off its profile; the first screen is the result and the
 * provenance comes last.
 */
class ConsoleWarningsOnPageTest {

  @Test
  void everyWarningOfThePointsIsBesideItsFiguresAndProvenanceIsLast(@TempDir Path tmp)
      throws Exception {
    Path raw = tmp.resolve("raw");
    // rpcx t10: runs speed up from 100 ms to 20 ms, a still-rising throughput (+379 %)
    Map<String, String> rising = RawFiles.provenance("rpcx", 1, 10, 100, 10);
    RawFiles.write(
        raw.resolve("rpcx/t10-r100.csv"), rising, RawFiles.runs(rising, 10, k -> 100 - 9 * k));
    // rpcx t110: steady, three kept runs limited by contended, and harness-limited
    Map<String, String> busy = RawFiles.provenance("rpcx", 1, 110, 100, 10);
    busy.put("harness_limited", "true");
    List<RunRow> busyRuns = new ArrayList<>();
    for (RunRow r : RawFiles.runs(busy, 10, k -> 50)) {
      busyRuns.add(r.withExtra(Map.of("limited_by", r.order() >= 7 ? "contended" : "server")));
    }
    RawFiles.write(raw.resolve("rpcx/t110-r100.csv"), busy, busyRuns);
    // grpc t10: steady, over a link measured off its profile
    Map<String, String> link = RawFiles.provenance("grpc", 2, 10, 100, 10);
    link.put("link_rtt_check", "off: the link-shaper added 2.028 ms");
    link.put(
        "link_rtt_accuracy",
        "the box could not hold it: the link added 1.042 ms, the profile 1.000 ms (tolerance"
            + " +-0.020 ms, 1000 round trips)");
    link.put("link_emulator_check", "off: the emulator released this point's packets late");
    link.put("link_note", "TCP terminated at a proxy: no loss, no TCP dynamics");
    RawFiles.write(raw.resolve("grpc/t10-r100.csv"), link, RawFiles.runs(link, 10, k -> 60));
    Path out = tmp.resolve("report");

    Cli.Result r = Cli.run("all", "--db", Cli.sqlite(tmp), "--out", out.toString(), raw.toString());

    assertThat(r.exit()).as(r.err()).isZero();
    String html = GoldenReportTest.read(out.resolve("index.html"));
    assertThat(html)
        .contains("<div id=\"warnings\" class=\"warn\"><p><strong>3 points with a warning</strong>")
        .contains(
            "<li>RPCX, 10 threads × 100 requests: kept runs still rise (+379 % from run 1 to run"
                + " 9): not steady state</li>")
        .contains(
            "<li>RPCX, 110 threads × 100 requests: 3 of 9 kept runs limited by contended: the"
                + " machine was busy, the figures measure it too; harness-limited: the client's"
                + " CPU saturated before the server's; it measures the client</li>")
        .contains(
            "<li>gRPC, 10 threads × 100 requests: link off its profile (off: the link-shaper"
                + " added 2.028 ms); the box could not hold the link's round trip to its"
                + " accuracy (the link added 1.042 ms, the profile 1.000 ms (tolerance +-0.020 ms,"
                + " 1000 round trips)); link emulator off its profile during the point (off: the"
                + " emulator released this point's packets late); TCP terminated at a proxy: no"
                + " loss, no TCP dynamics</li>");
    // beside the figures: the table of every protocol has a warnings column, the charts mark them
    assertThat(html)
        .contains("<th>warnings</th>")
        .contains("<td class=\"k bad\">⚠ kept runs still rise (+379 % from run 1 to run 9)")
        .contains("\"warning\":\"kept runs still rise (+379 % from run 1 to run 9)");
    // the first screen is the result: the warnings and the measured table before the provenance
    int provenance = html.indexOf("<table id=\"provenance\">");
    assertThat(html.indexOf("id=\"warnings\"")).isPositive().isLessThan(provenance);
    assertThat(html.indexOf("<table id=\"vs-reference\"")).isPositive().isLessThan(provenance);
    assertThat(html.indexOf("<h2>Figures</h2>")).isLessThan(provenance);
  }

  @Test
  void aLongListOfWarningsShowsFiveAndFoldsTheRestSoThatTheResultKeepsTheFirstScreen() {
    Map<io.rpcxbench.report.charts.ChartData.Key, List<String>> warnings =
        new java.util.LinkedHashMap<>();
    for (int t = 10; t <= 70; t += 10) {
      warnings.put(
          new io.rpcxbench.report.charts.ChartData.Key("rpcx", "s", t, 100),
          List.of("not steady state"));
    }
    StringBuilder h = new StringBuilder();
    PointWarnings.html(h, warnings, List.of(io.rpcxbench.report.db.RawProtocol.RPCX));
    String html = h.toString();
    assertThat(html)
        .startsWith(
            "<div id=\"warnings\" class=\"warn\"><p><strong>7 points with a warning</strong>")
        .contains(
            "<li>RPCX, 50 threads × 100 requests: not steady state</li>\n</ul>\n<details><summary>2 more</summary>")
        .endsWith(
            "<li>RPCX, 70 threads × 100 requests: not steady state</li>\n</ul></details></div>\n");
    assertThat(html.substring(0, html.indexOf("<details>")))
        .containsOnlyOnce("<ul>")
        .contains("</ul>");
  }

  @Test
  void anOpenLoopPointsWarningIsInThePointsTable(@TempDir Path tmp) throws Exception {
    Path raw = tmp.resolve("raw");
    Path fixture = Path.of(ConsoleWarningsOnPageTest.class.getResource("/open").toURI());
    for (String protocol : new String[] {"grpc", "rpcx"}) {
      java.nio.file.Files.createDirectories(raw.resolve(protocol));
      try (var files = java.nio.file.Files.list(fixture.resolve(protocol))) {
        for (Path f : files.toList()) {
          String text = java.nio.file.Files.readString(f);
          if (protocol.equals("grpc") && f.getFileName().toString().equals("open-r4000-d2s.csv")) {
            // the link was measured off its profile for this point only
            text = text.replace("# rate: 4000\n", "# rate: 4000\n# link_rtt_check: off: +2.0 ms\n");
          }
          java.nio.file.Files.writeString(raw.resolve(protocol).resolve(f.getFileName()), text);
        }
      }
    }
    Path out = tmp.resolve("report");
    Cli.Result r = Cli.run("all", "--db", Cli.sqlite(tmp), "--out", out.toString(), raw.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    String html = GoldenReportTest.read(out.resolve("index.html"));
    assertThat(html)
        .contains("<strong>1 point with a warning</strong>")
        .contains("<th>warnings</th>")
        .contains("<td class=\"k bad\">⚠ link off its profile (off: +2.0 ms)</td>");
  }

  @Test
  void theIndexOfSeveralSeriesCountsEachSeriesWarnedPoints(@TempDir Path tmp) throws Exception {
    Path raw = tmp.resolve("raw");
    Map<String, String> rising = RawFiles.provenance("rpcx", 1, 10, 100, 10);
    RawFiles.write(
        raw.resolve("rpcx/t10-r100.csv"), rising, RawFiles.runs(rising, 10, k -> 100 - 9 * k));
    // another series: R shared by the threads
    Map<String, String> shared = RawFiles.provenance("rpcx", 1, 10, 1000, 10);
    shared.put("requests_per", "total");
    RawFiles.write(
        raw.resolve("rpcx/total-t10-r1000.csv"), shared, RawFiles.runs(shared, 10, k -> 50));
    Path out = tmp.resolve("report");
    Cli.Result r = Cli.run("all", "--db", Cli.sqlite(tmp), "--out", out.toString(), raw.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    String index = GoldenReportTest.read(out.resolve("index.html"));
    assertThat(index).containsOnlyOnce("1 point with a warning");
  }
}
