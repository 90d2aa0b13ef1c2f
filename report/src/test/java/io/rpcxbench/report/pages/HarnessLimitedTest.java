package io.rpcxbench.report.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import io.rpcxbench.report.RawFiles;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A point whose client saturated its CPU before the server did shows in the report. */
class HarnessLimitedTest {
  @Test
  void theProvenanceTableFlagsHarnessLimitedPoints(@TempDir Path tmp) throws Exception {
    for (int threads : new int[] {10, 110}) {
      Map<String, String> p = RawFiles.provenance("rpcx", 1, threads, 100, 10);
      p.put("harness_limited", String.valueOf(threads == 110));
      RawFiles.write(
          tmp.resolve("raw/rpcx/t" + threads + "-r100.csv"), p, RawFiles.runs(p, 10, k -> 14));
    }
    Path out = tmp.resolve("report");
    Cli.Result r =
        Cli.run(
            "all", "--db", Cli.sqlite(tmp), "--out", out.toString(), tmp.resolve("raw").toString());

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(GoldenReportTest.read(out.resolve("index.html")))
        .contains(
            "<td class=\"k\">harness_limited</td><td class=\"k\">all</td><td class=\"k\">false; true</td>");
  }
}
