package io.rpcxbench.report.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import io.rpcxbench.report.RawFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26 outcome 1: a page's title, first lines and sections follow what the data holds; the
 * paper's Tables 3-4, Figs. 8-10 and ranges appear only for its workload, and only for its
 * protocols that were measured. The non-paper page's title, lead and headings are a golden file
 * ({@code -Dgolden.update=true} rewrites it).
 */
class PageByContentTest {
  private static final Pattern OUTLINE =
      Pattern.compile("<h1>.*?</h1>|<p id=\"lead\">.*?</p>|<h2>.*?</h2>");

  @Test
  void aNonPaperWorkloadIsTitledByWhatWasMeasuredWithoutThePapersTables(@TempDir Path tmp)
      throws IOException {
    Map<String, String> items = Map.of("call", "items", "items", "10");
    point(tmp, "rpcx", 1, 16, items);
    point(tmp, "grpc-tuned", 4, 16, items);
    point(tmp, "thrift", 9, 16, items);
    String html = report(tmp);

    String outline = outline(html);
    if (Boolean.getBoolean("golden.update")) {
      Files.writeString(Path.of("src/test/resources/golden/page-items-outline.txt"), outline);
    }
    assertThat(outline).isEqualTo(GoldenReportTest.golden("page-items-outline.txt"));
    assertThat(html)
        .contains("<title>rpcx-bench: RPCX vs grpc-tuned vs thrift: items(10), closed loop")
        .contains("client host host-a", "When: 2026-11-24T10:01:00Z to 2026-11-24T10:05:00Z")
        .doesNotContain("RPCX vs gRPC vs OpenFeign")
        .doesNotContain("table3-runtime")
        .doesNotContain("55.9")
        .doesNotContain("Fig. 8a")
        .contains("Every protocol against rpcx");
    assertThat(tmp.resolve("report/table3-runtime.md")).doesNotExist();
    assertThat(tmp.resolve("report/extra-throughput.png")).isNotEmptyFile();
  }

  @Test
  void thePapersExperimentKeepsItsTablesAndExplainsTpsBesideThroughput(@TempDir Path tmp)
      throws IOException {
    point(tmp, "rpcx", 1, 16, Map.of());
    point(tmp, "grpc", 2, 16, Map.of());
    point(tmp, "openfeign", 3, 16, Map.of());
    String html = report(tmp);

    assertThat(html)
        .contains("<h1>rpcx-bench: RPCX vs gRPC vs OpenFeign: hello, closed loop")
        .contains("(the paper's experiment)</h1>")
        .contains("This is the paper's experiment")
        .contains("id=\"table3-runtime\"", "id=\"table4-tps\"", "id=\"vs-reference\"")
        .contains("Fig. 8a: RPCX", "Fig. 9a: gRPC", "Fig. 10a: OpenFeign")
        // Table 4 and Figs. 8b-10b say what TPS is, beside the throughput that rises
        .contains("<p id=\"tps-note\">TPS is the paper&#39;s Eq. 3".replace("&#39;", "'"))
        .contains("the calls per second of the whole run are about T × TPS")
        .contains("<p>Figs. 8b-10b: TPS is the paper's Eq. 3");
    assertThat(html.indexOf("id=\"vs-reference\""))
        .as("every protocol measured comes before the paper's three")
        .isLessThan(html.indexOf("id=\"table3-runtime\""));
  }

  @Test
  void thePapersWorkloadOverOtherProtocolsGetsATableOfEveryProtocolNotThePapers(@TempDir Path tmp)
      throws IOException {
    point(tmp, "rpcx", 1, 16, Map.of());
    point(tmp, "grpc", 2, 16, Map.of());
    point(tmp, "thrift", 9, 16, Map.of());
    String html = report(tmp);

    // the paper's tables would show OpenFeign as "–" and leave thrift out
    assertThat(html)
        .contains("<h1>rpcx-bench: RPCX vs gRPC vs thrift: hello, closed loop</h1>")
        .doesNotContain("(the paper's experiment)")
        .contains("This is the paper's workload but not its experiment")
        .contains("id=\"vs-reference\"")
        .contains("<td class=\"k\">thrift</td>")
        .doesNotContain("id=\"table3-runtime\"")
        .doesNotContain("id=\"table4-tps\"")
        .doesNotContain("Fig. 8a")
        .doesNotContain("55.9");
    assertThat(tmp.resolve("report/table3-runtime.md")).doesNotExist();
    assertThat(tmp.resolve("report/fig8a-rpcx-runtime.png")).doesNotExist();
  }

  @Test
  void aChainWithWorkNeverClaimsThePapersRanges(@TempDir Path tmp) throws IOException {
    Map<String, String> chain = Map.of("scenario", "chain", "work", "PT0.1S");
    point(tmp, "rpcx", 1, 16, chain);
    point(tmp, "grpc", 2, 16, chain);
    point(tmp, "openfeign", 3, 16, chain);
    String html = report(tmp);

    assertThat(html)
        .contains("scenario chain w100ms")
        .contains("This is not the paper's workload")
        .doesNotContain("(the paper's experiment)")
        .doesNotContain("paper: 55.9")
        .doesNotContain("id=\"table3-runtime\"");
  }

  /** One complete point of 10 runs at {@code threads} x 100, with {@code extra} keys. */
  private static void point(
      Path tmp, String protocol, int type, int threads, Map<String, String> extra)
      throws IOException {
    Map<String, String> p = RawFiles.provenance(protocol, type, threads, 100, 10);
    p.put("started", "2026-11-24T10:0" + type % 5 + ":00Z");
    p.put("finished", "2026-11-24T10:05:00Z");
    p.put("target", "127.0.0.1");
    p.putAll(extra);
    RawFiles.write(
        tmp.resolve("raw/" + protocol + "/t" + threads + "-r100.csv"),
        p,
        RawFiles.runs(p, 10, k -> 10 + type + k % 3));
  }

  private static String report(Path tmp) throws IOException {
    Path out = tmp.resolve("report");
    Cli.Result r =
        Cli.run(
            "all", "--db", Cli.sqlite(tmp), "--out", out.toString(), tmp.resolve("raw").toString());
    assertThat(r.exit()).as(r.err()).isZero();
    return GoldenReportTest.read(out.resolve("index.html"));
  }

  private static String outline(String html) {
    StringBuilder b = new StringBuilder();
    Matcher m = OUTLINE.matcher(html);
    while (m.find()) {
      b.append(m.group()).append('\n');
    }
    return b.toString();
  }
}
