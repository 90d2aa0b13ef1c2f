package io.rpcxbench.report.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.report.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code annotate}: the scripts write raw files through the one writer. */
class AnnotateCommandTest {
  @TempDir Path dir;

  @Test
  void createsAPointWithNoRowsThatTheReportReads() throws Exception {
    Path file = dir.resolve("rpcx/t10-r100.csv");
    Files.createDirectories(file.getParent());
    Cli.Result r =
        Cli.run(
            "annotate",
            file.toString(),
            "--status",
            "timeout",
            "--set",
            "protocol=rpcx",
            "--set",
            "type=1",
            "--set",
            "threads=10",
            "--set",
            "requests=100",
            "--set",
            "limit_s=600",
            "--set",
            "options=--protocol rpcx --threads 10");

    assertThat(r.exit()).as(r.err()).isZero();
    RawContents c = RawResultFile.read(file);
    assertThat(c.problems()).isEmpty();
    assertThat(c.rows()).isEmpty();
    assertThat(c.provenance())
        .containsEntry("status", "timeout")
        .containsEntry("limit_s", "600")
        .containsEntry("options", "--protocol rpcx --threads 10");
    assertThat(Files.readString(file)).startsWith(RawResultFile.MAGIC + "\n# status: timeout\n");
    assertThat(Cli.run("show", file.toString(), "--provenance", "status").out())
        .isEqualTo("timeout\n");
  }

  @Test
  void setsKeysOfAnExistingFileAndKeepsItsRows() throws Exception {
    Path file = dir.resolve("t10-r100.csv");
    Files.copy(ShowCommandTest.zz(), file);
    int rows = RawResultFile.read(file).rows().size();

    Cli.Result r =
        Cli.run("annotate", file.toString(), "--set", "link_bytes=4242", "--set", "lab=A-B 1mbit");

    assertThat(r.exit()).as(r.err()).isZero();
    RawContents c = RawResultFile.read(file);
    assertThat(c.rows()).hasSize(rows);
    assertThat(c.rows().get(0).histogram()).startsWith("HISTF");
    assertThat(c.provenance())
        .containsEntry("link_bytes", "4242")
        .containsEntry("lab", "A-B 1mbit")
        .containsEntry("protocol", "zz-proto");
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(file); // no temp file left
    }
  }

  @Test
  void badUsageChangesNothing() throws Exception {
    Path file = dir.resolve("t1-r1.csv");
    assertThat(Cli.run("annotate", file.toString(), "--set", "a=1").exit()).isEqualTo(2);
    assertThat(Cli.run("annotate", file.toString(), "--status", "done").err())
        .contains("--status must be timeout or failed, got 'done'");
    assertThat(
            Cli.run("annotate", file.toString(), "--status", "failed", "--set", "Bad Key=1").err())
        .contains("'Bad Key' is not a provenance key");
    assertThat(file).doesNotExist();
    Files.writeString(file, "half a fi");
    Cli.Result broken = Cli.run("annotate", file.toString(), "--set", "a=1");
    assertThat(broken.exit()).isEqualTo(1);
    assertThat(broken.err()).contains("is not a clean raw file; left as it is");
    assertThat(file).hasContent("half a fi");
  }
}
