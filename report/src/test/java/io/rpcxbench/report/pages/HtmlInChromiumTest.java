package io.rpcxbench.report.pages;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.rpcxbench.report.Cli;
import io.rpcxbench.report.Processes;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    Path chromium = Processes.onPath("chromium", "chromium-browser", "google-chrome");
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
  }

  @Test
  void anOpenLoopPagesChartsDrawInChromium(@TempDir Path tmp) throws Exception {
    Path chromium = Processes.onPath("chromium", "chromium-browser", "google-chrome");
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
    HttpServer server = serve(out);
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/index.html";
      Path log = tmp.resolve("chromium-" + name + ".txt");
      Path dom = tmp.resolve("dom-" + name + ".html");
      Processes.Done done =
          Processes.run(
              chromium(chromium, tmp, log, dom, List.of("--dump-dom", url)),
              tmp.resolve("sh.txt"),
              120);
      assertThat(done.exit()).as(Files.readString(log)).isZero();
      Path shots = Files.createDirectories(Path.of("target", "screenshots"));
      Path shot = shots.resolve("report-" + name + ".png").toAbsolutePath();
      Processes.Done taken =
          Processes.run(
              chromium(
                  chromium,
                  tmp,
                  log,
                  tmp.resolve("shot-" + name + ".txt"),
                  List.of(
                      "--hide-scrollbars", "--window-size=1280,2400", "--screenshot=" + shot, url)),
              tmp.resolve("sh2.txt"),
              120);
      assertThat(taken.exit()).as(Files.readString(log)).isZero();
      assertThat(shot).isNotEmptyFile();
      return Files.readString(dom);
    } finally {
      server.stop(0);
    }
  }

  private static List<String> chromium(
      Path chromium, Path tmp, Path log, Path stdout, List<String> what) throws IOException {
    Path profile = Files.createDirectories(tmp.resolve("profile"));
    List<String> cmd =
        new java.util.ArrayList<>(
            List.of(
                "sh",
                "-c",
                "exec \"$0\" \"$@\" 2>" + quote(log) + " >" + quote(stdout),
                chromium.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile,
                "--virtual-time-budget=10000"));
    cmd.addAll(what);
    return cmd;
  }

  private static String quote(Path p) {
    return "'" + p.toString().replace("'", "'\\''") + "'";
  }

  /** Serves the files of {@code root} on a free loopback port. */
  private static HttpServer serve(Path root) throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          Path file = root.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
          if (!file.startsWith(root) || !Files.isRegularFile(file)) {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
            return;
          }
          String name = file.getFileName().toString();
          exchange
              .getResponseHeaders()
              .set(
                  "Content-Type",
                  name.endsWith(".png")
                      ? "image/png"
                      : name.endsWith(".js")
                          ? "text/javascript; charset=utf-8"
                          : name.endsWith(".html")
                              ? "text/html; charset=utf-8"
                              : "text/plain; charset=utf-8");
          byte[] body = Files.readAllBytes(file);
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream os = exchange.getResponseBody()) {
            os.write(body);
          }
        });
    server.start();
    return server;
  }
}
