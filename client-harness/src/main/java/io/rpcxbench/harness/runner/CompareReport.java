package io.rpcxbench.harness.runner;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The comparison's tables: {@code report compare} (the report's one statistics engine) on the
 * folder, its Markdown written to compare.md and printed; with {@code --write-doc} also the compare
 * section of docs/performance.md with the method text ({@code report doc-section}, the splice the
 * bench scripts use too).
 */
final class CompareReport {
  private CompareReport() {}

  /** The report's command line on the folder. */
  static List<String> command(CompareSettings s, Path reportJar, CpuPlacement placement) {
    List<String> c =
        new ArrayList<>(
            List.of(
                RpcxBenchCommand.javaBinary(),
                "-jar",
                reportJar.toString(),
                "compare",
                s.out().toString(),
                "--variants",
                String.join(",", s.plan().variants()),
                "--warmup-runs",
                String.valueOf(s.warmupRuns()),
                "--server-cores",
                String.valueOf(placement.serverCores()),
                "--placement",
                placement.text()));
    if (s.targets() != null) {
      c.addAll(List.of("--targets", s.targets().toString()));
    }
    return c;
  }

  /** Makes the tables; 0, or 1 when the report failed (its lines are in the log). */
  static int write(
      CompareSettings s,
      Path reportJar,
      CpuPlacement placement,
      List<String> machine,
      PrintWriter out,
      SweepLog log)
      throws IOException, InterruptedException {
    Path md = s.out().resolve("compare.md");
    Path staged = s.out().resolve(".compare.md.tmp");
    Process p =
        new ProcessBuilder(command(s, reportJar, placement))
            .redirectOutput(staged.toFile())
            .redirectErrorStream(false)
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    int code = p.waitFor();
    err.lines().forEach(log::line);
    if (code != 0) {
      Files.deleteIfExists(staged);
      log.line(
          "report compare failed (exit " + code + "; raw files: " + s.out().resolve("raw") + ")");
      return CompareRounds.FAILURES;
    }
    String tables = Files.readString(staged, StandardCharsets.UTF_8);
    Files.move(
        staged,
        md,
        java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    out.println();
    out.print(tables);
    out.println();
    out.flush();
    log.line(
        "raw files per round: "
            + s.out().resolve("raw")
            + "; steal per round: "
            + s.out().resolve("steal.tsv")
            + "; logs: "
            + s.out().resolve("logs")
            + "; tables: "
            + md);
    if (s.writeDoc()) {
      Path section = s.out().resolve("doc-section.md");
      Files.writeString(section, s.docSection(machine, tables), StandardCharsets.UTF_8);
      Process d =
          new ProcessBuilder(
                  RpcxBenchCommand.javaBinary(),
                  "-jar",
                  reportJar.toString(),
                  "doc-section",
                  s.doc().toString(),
                  "compare",
                  section.toString())
              .redirectErrorStream(true)
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .start();
      new String(d.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .forEach(log::line);
      if (d.waitFor() != 0) {
        log.line("the tables are in " + md + "; " + s.doc() + " was not written");
        return CompareRounds.FAILURES;
      }
      log.line("wrote the tables to " + s.doc());
    }
    return CompareRounds.OK;
  }
}
