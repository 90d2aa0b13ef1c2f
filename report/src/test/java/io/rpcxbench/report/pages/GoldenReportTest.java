package io.rpcxbench.report.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tables from the fixture match the checked-in golden files, in an English and a German
 * (decimal comma) default locale. Regenerate with {@code -Dgolden.update=true} after a deliberate
 * change.
 */
public class GoldenReportTest {
  public static final List<String> GOLDEN =
      List.of(
          "table3-runtime.md",
          "table3-runtime.csv",
          "table4-tps.md",
          "table4-tps.csv",
          "cleaned.csv");
  private final Locale saved = Locale.getDefault();

  @AfterEach
  void restoreLocale() {
    Locale.setDefault(saved);
  }

  @Test
  void tablesMatchGoldenFiles() throws IOException {
    Path out = generate(Files.createTempDirectory("golden-en"), Locale.US);
    if (Boolean.getBoolean("golden.update")) {
      Path golden = Path.of("src/test/resources/golden");
      Files.createDirectories(golden);
      for (String f : GOLDEN) {
        Files.copy(
            out.resolve(f), golden.resolve(f), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    }
    for (String f : GOLDEN) {
      assertThat(read(out.resolve(f))).as(f).isEqualTo(golden(f));
    }
  }

  @Test
  void germanLocaleGivesIdenticalOutput(@TempDir Path tmp) throws IOException {
    Path english = generate(tmp.resolve("en"), Locale.US);
    Path german = generate(tmp.resolve("de"), Locale.GERMANY);
    for (String f : GOLDEN) {
      assertThat(read(german.resolve(f)))
          .as(f)
          .isEqualTo(read(english.resolve(f)))
          .isEqualTo(golden(f));
    }
    assertThat(read(german.resolve("table3-runtime.md"))).contains("14.00").doesNotContain("14,00");
  }

  @Test
  void reportShowsGapsFailuresAndRanges(@TempDir Path tmp) throws IOException {
    Path out = generate(tmp, Locale.ROOT);
    String md = read(out.resolve("table3-runtime.md"));
    // gRPC never measured 210 threads x 300 requests; OpenFeign timed out there.
    assertThat(md).contains("| 210 |").contains("| – |").contains("| timeout |");
    // 50 threads is off the paper's grid and other grid values were measured: not shown.
    assertThat(md)
        .doesNotContain("| 50 |")
        .contains("Threads shown: 10, 110, 210; requests shown: 100, 300.");
    assertThat(md).contains("(paper: 55.9–88.9 %)");
    assertThat(read(out.resolve("table4-tps.md"))).contains("(paper: 126.9–802.8 %)");
    assertThat(read(out.resolve("table3-runtime.csv"))).contains("210,300,", ",timeout,");
    String html = read(out.resolve("index.html"));
    // the answer first, before any table: who was faster, by how much, with what warning
    assertThat(html.indexOf("<p id=\"answer\">")).isPositive().isLessThan(html.indexOf("<table"));
    assertThat(html)
        .containsPattern(
            "<p id=\"answer\">RPCX had the highest throughput at \\d+ of \\d+ points; against"
                + " RPCX, gRPC ran at [0-9.,]+x in the median \\([0-9.,]+x-[0-9.,]+x over \\d+"
                + " points\\), OpenFeign ran at [0-9.,]+x \\([0-9.,]+x-[0-9.,]+x\\)\\. (No point"
                + " was|\\d+ points? (was|were)) warned about");
    assertThat(html)
        .contains(
            "id=\"table3-runtime\"",
            "id=\"table4-tps\"",
            "id=\"provenance\"",
            "host-a",
            "1a2b3c4",
            "OpenJDK 64-Bit Server VM",
            "timeout: 210 threads, 300 requests");
    for (String png :
        List.of(
            "fig8a-rpcx-runtime.png",
            "fig8b-rpcx-tps.png",
            "fig9a-grpc-runtime.png",
            "fig9b-grpc-tps.png",
            "fig10a-openfeign-runtime.png",
            "fig10b-openfeign-tps.png",
            "extra-throughput.png",
            "extra-p99.png")) {
      assertThat(out.resolve(png)).isNotEmptyFile();
      assertThat(html).contains("src=\"" + png + "\"");
    }
  }

  @Test
  void theReportEndsWithItsClosingLineWhatItAnswersAndItsPage(@TempDir Path tmp) {
    Path out = tmp.resolve("report");
    Cli.Result r =
        Cli.run("all", "--db", Cli.sqlite(tmp), "--out", out.toString(), Cli.fixture().toString());
    List<String> lines = r.out().lines().toList();
    io.rpcxbench.raw.ClosingLine last =
        io.rpcxbench.raw.ClosingLine.parse(lines.get(lines.size() - 1)).orElseThrow();
    assertThat(last.command()).isEqualTo("report");
    assertThat(last.decided())
        .matches(
            "RPCX had the highest throughput at \\d+ of \\d+ points; against RPCX, gRPC ran at"
                + " [0-9.]+x in the median, OpenFeign at [0-9.]+x(; \\d+ points? warned about)?");
    assertThat(last.howSure()).startsWith("point estimates, their 95 % intervals in the tables");
    assertThat(last.page()).isEqualTo(out.resolve("index.html").toString());
  }

  /**
   * Runs {@code all} on the fixture with {@code locale} as the JVM default; returns the report
   * folder.
   */
  static Path generate(Path dir, Locale locale) throws IOException {
    Locale.setDefault(locale);
    Files.createDirectories(dir);
    Path out = dir.resolve("report");
    Cli.Result r =
        Cli.run("all", "--db", Cli.sqlite(dir), "--out", out.toString(), Cli.fixture().toString());
    // The fixture has malformed lines on purpose: exit code 1, everything else written.
    assertThat(r.exit()).as(r.err()).isEqualTo(1);
    return out;
  }

  public static String golden(String name) throws IOException {
    try (var in = GoldenReportTest.class.getResourceAsStream("/golden/" + name)) {
      assertThat(in).as("golden file " + name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  public static String read(Path p) throws IOException {
    return Files.readString(p, StandardCharsets.UTF_8);
  }
}
