package io.rpcxbench.report.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.Cli;
import io.rpcxbench.report.RawFiles;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code all DIR/raw} reports an experiment's folder into itself; --db and --out still rule. */
class ExperimentHomeTest {
  private static Path experiment(Path home) throws Exception {
    Map<String, String> p = RawFiles.provenance("rpcx", 1, 10, 100, 3);
    RawFiles.write(home.resolve("raw/rpcx/t10-r100.csv"), p, RawFiles.runs(p, 3, k -> 14));
    return home.resolve("raw");
  }

  @Test
  void aRawFolderGetsItsDatabaseAndReportBesideIt(@TempDir Path tmp) throws Exception {
    Path raw = experiment(tmp.resolve("quickstart"));
    Cli.Result r = Cli.run("all", raw.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(tmp.resolve("quickstart/results.db")).isNotEmptyFile();
    assertThat(tmp.resolve("quickstart/report/index.html")).isNotEmptyFile();
    assertThat(r.out()).contains(tmp.resolve("quickstart/report/index.html").toString());
  }

  @Test
  void explicitDbAndOutStillRule(@TempDir Path tmp) throws Exception {
    Path raw = experiment(tmp.resolve("exp"));
    Cli.Result r =
        Cli.run(
            "all",
            "--db",
            Cli.sqlite(tmp),
            "--out",
            tmp.resolve("elsewhere").toString(),
            raw.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(tmp.resolve("results.db")).isNotEmptyFile();
    assertThat(tmp.resolve("elsewhere/index.html")).isNotEmptyFile();
    assertThat(tmp.resolve("exp/results.db")).doesNotExist();
    assertThat(tmp.resolve("exp/report")).doesNotExist();
  }
}
