package io.rpcxbench.report.choose;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Chromium;
import io.rpcxbench.report.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scorecard as a picture, opened in a real headless Chromium at a desktop's 1400 px and a
 * phone's 390 px, light and dark: its heading names every workload dimension, the verdict is first
 * and highlighted, the three charts drew with coloured pixels, and the page fits the width (wide
 * tables scroll in their own box). Screenshots of each are the test's output ({@code
 * report/target/screenshots/scorecard-*.png}).
 */
class ScorecardInChromiumTest {
  private static final int[] WIDTHS = {1400, 390};

  /** Two candidates that met p99 <= 5 ms over a shaped cross-az link with TLS; probes kept. */
  static ChooseFolder met() {
    return new ChooseFolder("hello")
        .set("network", "cross-az")
        .provenance("tls", "tls")
        .provenance("link_rtt_measured_ms", "1.032")
        .provenance("link_rtt_check", "ok")
        .candidate("rpcx", 300, 8000, 8200, 7900, 8100)
        .candidate("grpc-tuned", 500, 4000, 4100, 3900, 4050)
        .probes("rpcx", 4, 1200, 9000, 1000, 2000, 4000, 8000, 16000)
        .probes("grpc-tuned", 4, 1800, 4500, 1000, 2000, 4000, 8000);
  }

  /** No candidate met p99 <= 5 ms: every probe missed, no shared load. */
  static ChooseFolder noneMet() {
    return new ChooseFolder("hello")
        .set("shared_rate", "0")
        .noSharedLoad()
        .candidate("rpcx", 300, 0, 0, 0, 0)
        .candidate("grpc-tuned", 500, 0, 0, 0, 0)
        .probes("rpcx", 4, 5600, 1_000_000, 500, 250, 125)
        .probes("grpc-tuned", 4, 7000, 1_000_000, 500, 250, 125);
  }

  /** A choose folder as the harness wrote it (committed under test resources/choose). */
  static Path fixture(String name) throws java.net.URISyntaxException {
    return Path.of(ScorecardInChromiumTest.class.getResource("/choose/" + name).toURI());
  }

  @Test
  void realFoldersAsTheHarnessWroteThemGiveTheirHeadingAndVerdict(@TempDir Path tmp)
      throws Exception {
    // two real runs on a busy 2-vCPU box: p99 <= 250 ms met in 2 rounds (too few to rank), and
    // p99 <= 5 ms met by no probe (every one contended)
    Cli.Result met =
        Cli.run("choose", fixture("met-250ms").toString(), "--out", tmp.resolve("m").toString());
    assertThat(met.exit()).as(met.err()).isZero();
    assertThat(Files.readString(tmp.resolve("m/scorecard.md")))
        .startsWith(
            "# hello over loopback (unshaped), plaintext (TLS off), at p99 <= 250 ms: 2 protocols"
                + " on local\n")
        .contains("Cannot rank rpcx and grpc-tuned at p99 <= 250 ms");
    Cli.Result none =
        Cli.run("choose", fixture("none-met-5ms").toString(), "--out", tmp.resolve("n").toString());
    assertThat(none.exit()).as(none.err()).isZero();
    assertThat(Files.readString(tmp.resolve("n/scorecard.md")))
        .startsWith(
            "# hello over loopback (unshaped), plaintext (TLS off), at p99 <= 5 ms: 2 protocols"
                + " on local\n")
        .contains(
            "Closest: rpcx p99 19.9 ms (4.0x the limit) at 6500 calls/s, limited by contended;"
                + " grpc-tuned p99 20.2 ms (4.0x the limit) at 412 calls/s, limited by contended.")
        .contains("| rpcx | 19.9 ms | 6500 | 4.0x | contended | 12 |")
        .doesNotContain("n/a |");
  }

  @Test
  void theHeadingNamesEveryDimensionAndNoneMetShowsHowCloseEachCame(@TempDir Path tmp)
      throws Exception {
    Path dir = noneMet().write(tmp.resolve("none"));
    Cli.Result r = Cli.run("choose", dir.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    String md = Files.readString(dir.resolve("report/scorecard.md"));
    assertThat(md.lines().findFirst().orElseThrow())
        .isEqualTo(
            "# hello over loopback (unshaped), TLS not recorded, at p99 <= 5 ms: 2 protocols"
                + " on local");
    // no capacity and no shared load: the closest approach, never n/a, and no tie at the top
    assertThat(md)
        .contains("No candidate met p99 <= 5 ms at any rate tried, in any round: nothing to rank.")
        .contains("Closest: rpcx p99 5.77 ms (1.2x the limit) at 500 calls/s; grpc-tuned")
        .contains(
            "| candidate | best p99 reached | at calls/s | of the limit | limited by (that probe)"
                + " | probes |")
        .contains("| rpcx | 5.77 ms | 500 | 1.2x | none | 12 |")
        .doesNotContain("tie at the top");
    assertThat(r.out()).contains("Closest: rpcx p99 5.77 ms");
  }

  @Test
  void aShapedLinkAndTlsAreInTheHeading(@TempDir Path tmp) throws Exception {
    Path dir = met().write(tmp.resolve("met"));
    Cli.Result r = Cli.run("choose", dir.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    String md = Files.readString(dir.resolve("report/scorecard.md"));
    assertThat(md)
        .startsWith(
            "# hello over cross-az (link RTT 1.032 ms measured), TLS, at p99 <= 5 ms: 2 protocols"
                + " on local\n")
        .contains("call: hello · network: cross-az (link RTT 1.032 ms measured) · TLS: tls")
        .contains("*Chart (in the HTML page): SLO capacity per candidate.*");
  }

  @Test
  void theScorecardDrawsItsChartsAtEveryWidthLightAndDark(@TempDir Path tmp) throws Exception {
    Path chromium = Chromium.find();
    Assumptions.assumeTrue(chromium != null, "chromium not installed (apt-get install chromium)");
    java.util.Map<String, Path> folders = new java.util.LinkedHashMap<>();
    folders.put("met", met().write(tmp.resolve("met")));
    folders.put("none", noneMet().write(tmp.resolve("none")));
    folders.put("real-met", fixture("met-250ms"));
    folders.put("real-none", fixture("none-met-5ms"));
    // a quick choose whose "limited by" cells are long (the generator's cap, the sends' lag)
    folders.put("real-quick-met", fixture("met-5ms-quick"));
    for (var folder : folders.entrySet()) {
      String name = folder.getKey();
      Path report = tmp.resolve("report-" + name);
      Cli.Result r = Cli.run("choose", folder.getValue().toString(), "--out", report.toString());
      assertThat(r.exit()).as(r.err()).isZero();
      try (Chromium.Site site = Chromium.serve(report)) {
        for (int width : WIDTHS) {
          String page =
              width >= 500 ? "scorecard.html" : Chromium.atWidth(report, "scorecard.html", width);
          for (boolean dark : new boolean[] {false, true}) {
            String dom = Chromium.dom(chromium, site.url(page), tmp, Math.max(width, 500), dark);
            String what = name + " at " + width + " px, " + (dark ? "dark" : "light");
            // none met: no capacity chart (a row of zeros), the probes' two
            int charts = name.endsWith("met") ? 3 : 2;
            assertThat(dom)
                .as(what)
                .contains(
                    "data-charts-drawn=\"" + charts + "/" + charts + "\"",
                    "data-charts-painted=\"" + charts + "\"",
                    "data-fits-width=\"true\"",
                    "data-theme=\"" + (dark ? "dark" : "light") + "\"");
            if (width < 500) {
              assertThat(dom).as(what).contains("data-inner-width=\"" + width + "\"");
            } else {
              // the verdict comes first, highlighted, before any table or chart
              assertThat(dom.indexOf("id=\"verdict\""))
                  .as(what)
                  .isPositive()
                  .isLessThan(dom.indexOf("<table"))
                  .isLessThan(dom.indexOf("<canvas"));
              if (name.endsWith("met") && !name.endsWith("none-met")) {
                // the capacity chart on the first screen (1000 px high): its top 200 px at least
                java.util.regex.Matcher top =
                    java.util.regex.Pattern.compile("data-capacity-top=\"(\\d+)\"").matcher(dom);
                assertThat(top.find()).as(what).isTrue();
                assertThat(Integer.parseInt(top.group(1))).as(what).isLessThan(800);
              }
            }
            Chromium.screenshot(
                chromium,
                site.url(page),
                tmp,
                width,
                width >= 500 ? 1000 : 844,
                dark,
                Path.of("target", "screenshots")
                    .resolve(
                        "scorecard-" + name + "-" + width + (dark ? "-dark" : "-light") + ".png"));
          }
        }
      }
    }
  }
}
