package io.rpcxbench.report.map;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Chromium;
import io.rpcxbench.report.Cli;
import io.rpcxbench.report.choose.ChooseFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A map over round trip and loss, as {@code rpcx-bench choose --across} leaves it: a choose folder
 * per condition and map.tsv. rpcx leads at short round trips, thrift at long ones (their capacities
 * cross between 1 and 10 ms); at 1 % loss they cannot be told apart at 0.1 ms and thrift leads
 * elsewhere.
 */
class MapCommandTest {
  private static final double[] RTTS = {0.1, 1, 10, 30};

  static Path map(Path dir) throws IOException {
    StringBuilder tsv =
        new StringBuilder(
            "# rpcx-bench map\n# axes: rtt,loss\n"
                + "condition\trtt_ms\tloss_pct\trate_mbit\tjitter_ms\tsource\tnote\n");
    for (double loss : new double[] {0, 1}) {
      for (double rtt : RTTS) {
        String name = "lan+rtt=" + rtt + "ms+loss=" + (int) loss + "%";
        tsv.append(name)
            .append('\t')
            .append(rtt)
            .append('\t')
            .append(loss)
            .append("\t10000\t0.01\tgrid\t\n");
        double rpcx = loss == 0 ? 20000 / (1 + rtt / 2) : 9000 / (1 + rtt / 2);
        double thrift = loss == 0 ? 9000 / (1 + rtt / 40) : 9000 / (1 + rtt / 60);
        new ChooseFolder("hello")
            .set("network", name)
            .provenance("link_rtt_measured_ms", String.valueOf(rtt + 0.05))
            .provenance(
                "link_rtt_accuracy",
                rtt == 30 && loss > 0
                    ? "the box could not hold it: the link added 60.400 ms, the profile 60.000 ms"
                        + " (tolerance +-1.200 ms... )"
                    : "held: the link added " + 2 * rtt + " ms")
            .candidate("rpcx", 300, spread(rpcx))
            .candidate("thrift", 400, spread(loss > 0 && rtt < 1 ? rpcx : thrift))
            .write(dir.resolve(name));
      }
    }
    // one condition the runner could not measure: the link alone over the SLO
    tsv.append("lan+rtt=60ms+loss=0%\t60\t0\t10000\t0.01\tgrid\tthe link's round trip alone")
        .append(" exceeds the SLO\n");
    Files.writeString(dir.resolve(io.rpcxbench.verdict.map.MapVerdict.PLAN), tsv);
    return dir;
  }

  /** Five rounds within +-2 % of {@code c}. */
  private static double[] spread(double c) {
    return new double[] {c * 0.98, c * 1.01, c, c * 1.02, c * 0.99};
  }

  @Test
  void theMapNamesTheCrossingWithItsIntervalTheTieAndWhatToMeasureNext(@TempDir Path tmp)
      throws Exception {
    Path dir = map(tmp.resolve("map"));
    Cli.Result r = Cli.run("map", dir.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .startsWith("The ranking changes: thrift overtakes rpcx above ")
        .contains("of round trip added at packet loss 0 %")
        .contains("== map: ");
    String json = Files.readString(dir.resolve("report/map.json"));
    com.fasterxml.jackson.databind.JsonNode m =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
    com.fasterxml.jackson.databind.JsonNode x = m.get("crossovers").get(0);
    assertThat(x.get("below").asText()).isEqualTo("rpcx");
    assertThat(x.get("above").asText()).isEqualTo("thrift");
    assertThat(x.get("estimate").asDouble()).isBetween(1.0, 10.0);
    assertThat(x.get("low").asDouble()).isLessThanOrEqualTo(x.get("estimate").asDouble());
    assertThat(x.get("high").asDouble()).isGreaterThanOrEqualTo(x.get("estimate").asDouble());
    // the cells: a winner, a tie, and the one not measured with the runner's reason
    String md = Files.readString(dir.resolve("report/map.md"));
    assertThat(md)
        .contains("cannot tell (rpcx, thrift)")
        .contains("the link's round trip alone exceeds the SLO")
        .contains("| packet loss \\ round trip added | 0.1 ms | 1 ms | 10 ms | 30 ms | 60 ms |")
        // every condition's link: its measured round trip, and whether the box held it
        .contains("| lan+rtt=10.0ms+loss=0% | 10.1 ms, held |")
        .contains(
            "| lan+rtt=30.0ms+loss=1% | 30.1 ms, NOT HELD: the link added 60.400 ms, the profile"
                + " 60.000 ms (tolerance +-1.200 ms... ) |");
    assertThat(m.get("conditions").get(0).get("rtt_accuracy").asText()).startsWith("held: ");
    // worth measuring next: between the two conditions the crossing lies between
    assertThat(Files.readAllLines(dir.resolve("report/refine.tsv")))
        .containsExactly(
            "axis\tvalue\tfrom\tto",
            "rtt\t3.2\tlan+rtt=1.0ms+loss=0%\tlan+rtt=10.0ms+loss=0%",
            // at 1 ms loss turns the ranking too: rpcx ahead without it, thrift at 1 %
            "loss\t0.5\tlan+rtt=1.0ms+loss=0%\tlan+rtt=1.0ms+loss=1%");
  }

  @Test
  void aFolderThatIsNoMapIsRefusedInOneLine(@TempDir Path tmp) {
    Cli.Result r = Cli.run("map", tmp.toString());
    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.err().strip())
        .startsWith("error: ")
        .contains("holds no map.tsv")
        .doesNotContain("\n");
  }

  @Test
  void theMapPageDrawsItsHeatmapAndChartsAtDesktopAndPhoneWidth(@TempDir Path tmp)
      throws Exception {
    Path chromium = Chromium.find();
    Assumptions.assumeTrue(chromium != null, "chromium not installed (apt-get install chromium)");
    Path dir = map(tmp.resolve("map"));
    assertThat(Cli.run("map", dir.toString()).exit()).isZero();
    Path report = dir.resolve("report");
    try (Chromium.Site site = Chromium.serve(report)) {
      for (int width : new int[] {1400, 390}) {
        String page = width >= 500 ? "map.html" : Chromium.atWidth(report, "map.html", width);
        String dom = Chromium.dom(chromium, site.url(page), tmp, Math.max(width, 500), false);
        assertThat(dom)
            .as("at " + width + " px")
            .contains(
                "data-charts-drawn=\"2/2\"",
                "data-charts-painted=\"2\"",
                "data-fits-width=\"true\"");
        if (width >= 500) {
          // the verdict first, then the heatmap with its hatched tie
          assertThat(dom).contains("class=\"tie\"");
          assertThat(dom.indexOf("id=\"verdict\"")).isPositive().isLessThan(dom.indexOf("<table"));
        }
        Chromium.screenshot(
            chromium,
            site.url(page),
            tmp,
            width,
            width >= 500 ? 1000 : 844,
            false,
            Path.of("target", "screenshots").resolve("map-" + width + ".png"));
      }
    }
  }
}
