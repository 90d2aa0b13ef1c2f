package io.rpcxbench.report;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A real headless Chromium for the page tests: serves a folder on a free loopback port, dumps the
 * DOM Chromium built from a page (its scripts run) and takes a screenshot, at a window width and in
 * light or dark ({@code --force-dark-mode}: the page's {@code prefers-color-scheme} is dark).
 * Headless Chromium lays out no narrower than 500 px, so a phone's width is a wrapper page holding
 * the page in an iframe of that width ({@link #atWidth}).
 *
 * <pre>{@code
 * Path chromium = Chromium.find();   // null: not installed (skip the test)
 * try (Chromium.Site site = Chromium.serve(out)) {
 *   String dom = Chromium.dom(chromium, site.url("index.html"), tmp, 1400, true);
 * }
 * }</pre>
 */
public final class Chromium {
  private Chromium() {}

  /** A folder served on loopback until closed. */
  public record Site(HttpServer server, Path root) implements AutoCloseable {
    public String url(String page) {
      return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + page;
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }

  /** Chromium on the PATH, or null. */
  public static Path find() {
    return Processes.onPath("chromium", "chromium-browser", "google-chrome");
  }

  /**
   * Writes {@code <name>-<width>.html} beside {@code page} in {@code root}: the page in an iframe
   * {@code width} px wide, whose body's {@code data-*} attributes are copied to the wrapper's body
   * once it loaded (so a DOM dump of the wrapper shows what the page's scripts recorded).
   */
  public static String atWidth(Path root, String page, int width) throws IOException {
    String name = page.replace(".html", "") + "-" + width + ".html";
    Files.writeString(
        root.resolve(name),
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body style=\"margin:0\">\n"
            + "<iframe id=\"f\" src=\""
            + page
            + "\" style=\"width:"
            + width
            + "px;height:3000px;border:0\"></iframe>\n<script>\n"
            + "document.getElementById('f').addEventListener('load', function () {\n"
            + "  var b = this.contentDocument.body;\n"
            + "  Array.prototype.slice.call(b.attributes).forEach(function (a) {\n"
            + "    if (a.name.indexOf('data-') === 0) document.body.setAttribute(a.name, a.value);\n"
            + "  });\n"
            + "  document.body.setAttribute('data-inner-width', String(this.contentWindow.innerWidth));\n"
            + "});\n</script>\n</body></html>\n");
    return name;
  }

  /** The DOM Chromium built from {@code url} in a window {@code width} px wide. */
  public static String dom(Path chromium, String url, Path tmp, int width, boolean dark)
      throws IOException, InterruptedException {
    Path out = tmp.resolve("dom-" + width + (dark ? "-dark" : "-light") + ".html");
    run(chromium, tmp, out, width, 2400, dark, List.of("--dump-dom", url));
    return Files.readString(out);
  }

  /** A screenshot of {@code url}, {@code width} x {@code height}, into {@code png}. */
  public static void screenshot(
      Path chromium, String url, Path tmp, int width, int height, boolean dark, Path png)
      throws IOException, InterruptedException {
    Files.createDirectories(png.toAbsolutePath().getParent());
    run(
        chromium,
        tmp,
        tmp.resolve("shot.txt"),
        width,
        height,
        dark,
        List.of("--hide-scrollbars", "--screenshot=" + png.toAbsolutePath(), url));
    if (!Files.isRegularFile(png) || Files.size(png) == 0) {
      throw new IOException("Chromium wrote no screenshot " + png);
    }
  }

  private static void run(
      Path chromium, Path tmp, Path stdout, int width, int height, boolean dark, List<String> what)
      throws IOException, InterruptedException {
    Path profile = Files.createDirectories(tmp.resolve("chromium-profile"));
    Path log = tmp.resolve("chromium-log.txt");
    List<String> cmd =
        new ArrayList<>(
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
                "--force-device-scale-factor=1",
                "--user-data-dir=" + profile,
                "--window-size=" + width + "," + height,
                "--virtual-time-budget=10000"));
    if (dark) {
      cmd.add("--force-dark-mode");
    }
    cmd.addAll(what);
    Processes.Done done = Processes.run(cmd, tmp.resolve("sh.txt"), 120);
    if (done.exit() != 0) {
      throw new IOException(
          "chromium exited " + done.exit() + ": " + done.output() + Files.readString(log));
    }
  }

  private static String quote(Path p) {
    return "'" + p.toString().replace("'", "'\\''") + "'";
  }

  /** Serves the files of {@code root} on a free loopback port. */
  public static Site serve(Path root) throws IOException {
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
    return new Site(server, root);
  }
}
