package io.rpcxbench.report.pages;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
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
 * chart loaded (the page records it on body[data-images-loaded]) and the tables are there.
 */
class HtmlInChromiumTest {

  @Test
  void reportRendersWithAllImagesInChromium(@TempDir Path tmp) throws Exception {
    Path chromium = Processes.onPath("chromium", "chromium-browser", "google-chrome");
    Assumptions.assumeTrue(chromium != null, "chromium not installed (apt-get install chromium)");
    Path out = GoldenReportTest.generate(tmp.resolve("gen"), Locale.getDefault());
    HttpServer server = serve(out);
    try {
      String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/index.html";
      Path profile = Files.createDirectories(tmp.resolve("profile"));
      Path log = tmp.resolve("chromium.txt");
      Path dom = tmp.resolve("dom.html");
      List<String> cmd =
          List.of(
              "sh",
              "-c",
              "exec \"$0\" \"$@\" 2>" + quote(log) + " >" + quote(dom),
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
              "--virtual-time-budget=10000",
              "--dump-dom",
              url);
      Processes.Done done = Processes.run(cmd, tmp.resolve("sh.txt"), 120);
      String html = Files.readString(dom);
      assertThat(done.exit()).as(Files.readString(log)).isZero();
      assertThat(html).as(Files.readString(log)).contains("data-images-loaded=\"9/9\"");
      assertThat(html)
          .contains(
              "<table id=\"table3-runtime\">",
              "<table id=\"table4-tps\">",
              "<table id=\"provenance\">",
              "<table id=\"unfinished\">");
    } finally {
      server.stop(0);
    }
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
