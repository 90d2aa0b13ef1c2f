package io.rpcxbench.report.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.report.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30 item 10: files of format version v99, v0 or none are refused with one line naming the
 * file, never ingested as complete; an empty {@code --out} is refused (exit 2, one line).
 */
class IngestFormatVersionTest {
  private static final String POINT =
      "# status: complete\n# protocol: rpcx\n# type: 1\n# threads: 10\n# requests: 100\n"
          + "# runs: 2\ntype,threadNum,requestNum,order,timeTotal,tps\n"
          + "1,10,100,0,20.000,5000.000\n1,10,100,1,20.000,5000.000\n";

  @Test
  void unknownOrMissingFormatVersionsAreSkippedWithOneLineEach(@TempDir Path tmp) throws Exception {
    Path v99 = write(tmp, "v99", "# rpcx-bench raw result v99\n" + POINT);
    Path v0 = write(tmp, "v0", "# rpcx-bench raw result v0\n" + POINT);
    Path none = write(tmp, "none", POINT);
    Path good = write(tmp, "good", RawResultFile.MAGIC + "\n" + POINT);

    Cli.Result r =
        Cli.run(
            "ingest",
            "--db",
            Cli.sqlite(tmp),
            v99.toString(),
            v0.toString(),
            none.toString(),
            good.toString());

    assertThat(r.exit()).isEqualTo(1);
    List<String> lines = r.err().lines().toList();
    assertThat(lines)
        .containsExactly(
            v99
                + ":1: raw format version 'v99' is not one this reader knows (v1, v2); file"
                + " skipped",
            v0 + ":1: raw format version 'v0' is not one this reader knows (v1, v2); file skipped",
            none
                + ":1: no format line '# rpcx-bench raw result v2' (not a raw result file, or one"
                + " of no known version); file skipped");
  }

  @Test
  void anEmptyOutIsRefused(@TempDir Path tmp) {
    for (String[] args :
        List.of(
            new String[] {"report", "--db", Cli.sqlite(tmp), "--out", ""},
            new String[] {"all", "--out", "", tmp.toString()},
            new String[] {"knee", "--data", tmp.toString(), "--out", ""},
            new String[] {"merge-hosts", "--out", "", tmp.toString()})) {
      Cli.Result r = Cli.run(args);
      assertThat(r.exit()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err()).as(args[0]).contains("--out").contains("an empty folder");
      assertThat(r.err().lines().filter(l -> l.contains("Exception"))).isEmpty();
    }
  }

  private static Path write(Path dir, String name, String text) throws Exception {
    Path f = dir.resolve("rpcx").resolve(name + ".csv");
    Files.createDirectories(f.getParent());
    Files.writeString(f, text);
    return f;
  }
}
