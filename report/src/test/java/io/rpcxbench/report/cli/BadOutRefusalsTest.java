package io.rpcxbench.report.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.ReportCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Issue 59: the report tool's output options refuse a place they cannot write (a file for a folder,
 * a folder for a file, /proc, /sys) and a threshold that makes no sense, in one line with exit 2
 * and no stack trace, before reading anything.
 */
class BadOutRefusalsTest {
  @TempDir Path tmp;

  @Test
  void everyOutputOptionRefusesAPlaceItCannotWrite() throws Exception {
    Path file = Files.writeString(tmp.resolve("taken"), "x");
    String dir = tmp.toString();
    List<List<String>> lines =
        List.of(
            List.of("report", "--out", file.toString(), dir),
            List.of("all", "--out", "/proc/nope/x", dir),
            List.of("knee", "--out", file.resolve("sub").toString(), dir),
            List.of("choose", dir, "--out", "/sys/x"),
            List.of("choose", dir, "--summary-export", dir),
            List.of("merge-hosts", "--out", file.toString(), dir),
            List.of("export", "--format", "json", "--out", dir),
            List.of("profiles", dir, "--out", "/proc/x.md"),
            List.of("calibration", dir, "--out", dir),
            List.of("diff", dir, dir, "--threshold", "delta.p99<-120%"),
            List.of("diff", dir, dir, "--threshold", "p99<-5ms"));
    for (List<String> line : lines) {
      CommandLine cl = ReportCli.commandLine();
      StringWriter err = new StringWriter();
      cl.setErr(new PrintWriter(err, true));
      cl.setOut(new PrintWriter(new StringWriter(), true));
      int code = cl.execute(line.toArray(String[]::new));
      String shown = line + "\n" + err;
      assertThat(code).as(shown).isEqualTo(2);
      assertThat(err.toString().lines()).as(shown).hasSize(1);
      assertThat(err.toString())
          .as(shown)
          .startsWith("error: ")
          .doesNotContain("Exception")
          .doesNotContain("at io.");
    }
    assertThat(tmp).isDirectoryContaining(p -> p.equals(file));
  }
}
