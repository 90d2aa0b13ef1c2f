package io.rpcxbench.report.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Chromium;
import io.rpcxbench.report.Cli;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens the generated index.html in headless Chromium, served over loopback, and checks that every
 * PNG chart loaded (body[data-images-loaded]), the interactive charts drew with coloured pixels
 * (body[data-charts-drawn], body[data-charts-painted]) and the tables are there; a screenshot of
 * each page is the test's output ({@code report/target/screenshots/}).
 */
class HtmlInChromiumTest {

  @Test
  void reportRendersWithAllImagesAndInteractiveChartsInChromium(@TempDir Path tmp)
      throws Exception {
    Path chromium = Chromium.find();
    Assumptions.assumeTrue(chromium != null, "chromium not installed (apt-get install chromium)");
    Path out = GoldenReportTest.generate(tmp.resolve("gen"), Locale.getDefault());
    String html = open(chromium, out, tmp, "closed");
    assertThat(html).contains("data-images-loaded=\"9/9\"");
    assertThat(html)
        .contains(
            "<table id=\"table3-runtime\">",
            "<table id=\"table4-tps\">",
            "<table id=\"provenance\">",
            "<table id=\"unfinished\">");
    // both interactive charts drew, and each canvas holds coloured pixels
    assertThat(html).contains("data-charts-drawn=\"2/2\"", "data-charts-painted=\"2\"");
    // the answer before the first table; light here, dark for a reader who asks for dark
    assertThat(html.indexOf("id=\"answer\"")).isPositive().isLessThan(html.indexOf("<table"));
    assertThat(html).contains("data-theme=\"light\"");
    try (Chromium.Site site = Chromium.serve(out)) {
      String url = site.url("index.html");
      assertThat(Chromium.dom(chromium, url, tmp, 1280, true)).contains("data-theme=\"dark\"");
      Path shot = Path.of("target", "screenshots").resolve("report-closed-dark.png");
      Chromium.screenshot(chromium, url, tmp, 1280, 2400, true, shot);
      assertThat(shot).isNotEmptyFile();
    }
  }

  @Test
  void anOpenLoopPagesChartsDrawInChromium(@TempDir Path tmp) throws Exception {
    Path chromium = Chromium.find();
    Assumptions.assumeTrue(chromium != null, "chromium not installed (apt-get install chromium)");
    Path out = tmp.resolve("report");
    Cli.Result r =
        Cli.run(
            "all",
            "--db",
            Cli.sqlite(tmp),
            "--out",
            out.toString(),
            Path.of(HtmlInChromiumTest.class.getResource("/open").toURI()).toString());
    assertThat(r.exit()).as(r.err()).isZero();
    String html = open(chromium, out, tmp, "open");
    assertThat(html)
        .contains("<table id=\"knee\">")
        .contains("data-charts-drawn=\"2/2\"", "data-charts-painted=\"2\"");
  }

  /**
   * Serves {@code out} on loopback, dumps the DOM Chromium built from its index.html, and keeps a
   * screenshot of the page in {@code target/screenshots/report-<name>.png} (the test's output).
   */
  private static String open(Path chromium, Path out, Path tmp, String name) throws Exception {
    try (Chromium.Site site = Chromium.serve(out)) {
      String url = site.url("index.html");
      Path shot = Path.of("target", "screenshots").resolve("report-" + name + ".png");
      Chromium.screenshot(chromium, url, tmp, 1280, 2400, false, shot);
      assertThat(shot).isNotEmptyFile();
      return Chromium.dom(chromium, url, tmp, 1280, false);
    }
  }
}
