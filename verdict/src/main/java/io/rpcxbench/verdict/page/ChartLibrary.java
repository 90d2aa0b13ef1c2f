package io.rpcxbench.verdict.page;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

/**
 * The scripts a page's interactive charts need, shipped inside report.jar and copied beside each
 * page so it draws without a network: Chart.js from its webjar ({@code org.webjars.npm:chart.js},
 * MIT) and this project's {@code rpcx-charts.js}, which draws the report's chart data (JSON).
 */
public final class ChartLibrary {
  /** The file names a page loads. */
  public static final String CHART_JS = "chart.umd.js";

  public static final String DRAW_JS = "rpcx-charts.js";

  private static final String WEBJAR = "META-INF/resources/webjars/chart.js/";

  private ChartLibrary() {}

  /** Chart.js's version in the jar ({@code 4.4.9}), from its webjar's Maven properties. */
  public static String version() {
    try (InputStream in =
        ChartLibrary.class
            .getClassLoader()
            .getResourceAsStream("META-INF/maven/org.webjars.npm/chart.js/pom.properties")) {
      if (in == null) {
        throw new IllegalStateException("Chart.js's webjar is not on the class path");
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Copies both scripts into {@code dir}. */
  public static void copyInto(Path dir) throws IOException {
    copy(WEBJAR + version() + "/dist/chart.umd.js", dir.resolve(CHART_JS));
    copy("pages/" + DRAW_JS, dir.resolve(DRAW_JS));
  }

  /**
   * Chart.js, {@code rpcx-marks.js} (what the page records for a headless browser) and the page
   * script {@code script} (a file of the jar's {@code pages/}) as the text of three {@code
   * <script>} elements, for a page that must stay one file (the scorecard): neither holds {@code
   * </script}, checked here.
   */
  public static String inlineScripts(String script) throws IOException {
    StringBuilder b = new StringBuilder();
    for (String resource :
        java.util.List.of(
            WEBJAR + version() + "/dist/chart.umd.js", "pages/rpcx-marks.js", "pages/" + script)) {
      String text = text(resource);
      if (text.toLowerCase(java.util.Locale.ROOT).contains("</script")) {
        throw new IOException(resource + " holds '</script': it cannot be inlined");
      }
      b.append("<script>\n").append(text).append("\n</script>\n");
    }
    return b.toString();
  }

  private static String text(String resource) throws IOException {
    try (InputStream in = ChartLibrary.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException("missing from the jar: " + resource);
      }
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  private static void copy(String resource, Path to) throws IOException {
    try (InputStream in = ChartLibrary.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException("missing from the jar: " + resource);
      }
      Path tmp = to.resolveSibling(to.getFileName() + ".tmp");
      Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
      Files.move(tmp, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
  }
}
