package io.rpcxbench.harness.runner.compare;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.runner.point.MachineCalibration;
import io.rpcxbench.harness.runner.point.Placement;
import io.rpcxbench.harness.runner.point.SweepLog;
import io.rpcxbench.raw.ClosingLine;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The comparison's tables: {@code report compare} (the report's one statistics engine) on the
 * folder, its Markdown written to compare.md and printed; with {@code --write-doc} also the compare
 * section of docs/performance.md with the method text ({@code report doc-section}, the splice the
 * bench scripts use too). With two builds instead {@code report diff base new} (the test over
 * trials, and the gates of {@code --threshold}), to diff.md and diff.json, its exit code passed on.
 */
final class CompareReport {
  private CompareReport() {}

  /** The report's command line on the folder. */
  static List<String> command(CompareSettings s, String java, Path reportJar, Placement placement) {
    List<String> c =
        new ArrayList<>(
            List.of(
                java,
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

  /**
   * {@code report diff}'s command line on the two builds' folders; with rounds that may be added
   * after {@code plannedRounds}, the sequential design every look is made at.
   */
  static List<String> diffCommand(
      CompareSettings s, int plannedRounds, String java, Path reportJar) {
    List<String> c =
        new ArrayList<>(
            List.of(
                java,
                "-jar",
                reportJar.toString(),
                "diff",
                s.out().resolve(JarPair.BASE).toString(),
                s.out().resolve(JarPair.NEW).toString(),
                "--json",
                s.out().resolve("diff.json").toString()));
    s.thresholds().forEach(t -> c.addAll(List.of("--threshold", t)));
    if (s.mostRounds() > plannedRounds) {
      c.addAll(List.of("--sequential", plannedRounds + "," + s.mostRounds()));
    }
    return c;
  }

  /**
   * Two builds of the same bytes are an A/A: the final diff's verdicts go to the machine's A/A
   * ledger, where the false-positive rate the tool states is counted (report diff --aa-ledger);
   * nothing for two different builds.
   */
  static void ledger(
      CompareSettings s, int plannedRounds, String java, Path reportJar, SweepLog log)
      throws IOException, InterruptedException {
    if (s.jars() == null || !s.jars().identical()) {
      return;
    }
    List<String> command = new ArrayList<>(diffCommand(s, plannedRounds, java, reportJar));
    command.addAll(List.of("--aa-ledger", MachineCalibration.here().ledger().toString()));
    Path ignored = s.out().resolve(".diff-aa.md.tmp");
    runReport(command, ignored, log);
    Files.deleteIfExists(ignored);
  }

  /**
   * The two builds' diff: its Markdown to diff.md and printed, its JSON to diff.json; its exit code
   * (0 ok, 98 a gate inconclusive, 99 a threshold failed, 1 nothing to compare, 2 a bad threshold)
   * and closing line.
   */
  static ReportRun diff(
      CompareSettings s,
      int plannedRounds,
      String java,
      Path reportJar,
      PrintWriter out,
      SweepLog log)
      throws IOException, InterruptedException {
    Path md = s.out().resolve("diff.md");
    Path staged = s.out().resolve(".diff.md.tmp");
    List<String> command = diffCommand(s, plannedRounds, java, reportJar);
    log.line("report diff: " + String.join(" ", command.subList(3, command.size())));
    ReportRun run = runReport(command, staged, log);
    int code = run.code();
    publish(staged, md, out);
    log.line(
        "report diff exit "
            + code
            + " ("
            + diffMeaning(code)
            + "); raw files: "
            + s.out().resolve(JarPair.BASE)
            + " and "
            + s.out().resolve(JarPair.NEW)
            + "; tables: "
            + md
            + ", "
            + s.out().resolve("diff.json"));
    return run;
  }

  /** What report diff's exit code says. */
  static String diffMeaning(int code) {
    ExitCode exit = ExitCode.of(code);
    if (exit == null) {
      return "the report failed";
    }
    return switch (exit) {
      case OK -> "no threshold failed";
      case INCONCLUSIVE ->
          "a gate is inconclusive: its interval straddles the margin, or too few trials";
      case GATE_FAILED -> "a threshold failed";
      case FAILED -> "nothing compared: a side has no trial with runs";
      case USAGE -> "a threshold cannot be parsed";
      default -> "the report failed";
    };
  }

  /** Makes the tables; 0, or 1 when the report failed (its lines are in the log). */
  static int write(
      CompareSettings s,
      String java,
      Path reportJar,
      Placement placement,
      List<String> machine,
      PrintWriter out,
      SweepLog log)
      throws IOException, InterruptedException {
    Path md = s.out().resolve("compare.md");
    Path staged = s.out().resolve(".compare.md.tmp");
    int code = runReport(command(s, java, reportJar, placement), staged, log).code();
    if (code != ExitCode.OK.code()) {
      Files.deleteIfExists(staged);
      log.line(
          "report compare failed (exit " + code + "; raw files: " + s.out().resolve("raw") + ")");
      return ExitCode.FAILED.code();
    }
    String tables = publish(staged, md, out);
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
                  java,
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
      if (d.waitFor() != ExitCode.OK.code()) {
        log.line("the tables are in " + md + "; " + s.doc() + " was not written");
        return ExitCode.FAILED.code();
      }
      log.line("wrote the tables to " + s.doc());
    }
    log.closing(tablesClosing(s, md));
    return ExitCode.OK.code();
  }

  /**
   * The last line of a comparison of variants or protocols: its tables, and that they estimate
   * without testing a difference (the designs that test one named).
   */
  static ClosingLine tablesClosing(CompareSettings s, Path md) {
    int variants = s.plan().variants().size();
    int points = s.plan().points().size();
    int rounds = s.plan().rounds();
    return new ClosingLine(
        "compare",
        variants
            + " side by side at "
            + points
            + (points == 1 ? " point" : " points")
            + " over "
            + rounds
            + (rounds == 1 ? " round" : " rounds")
            + ": medians with 95 % intervals in the tables",
        "no difference tested here: --base-jar/--new-jar, or two sweeps of --trials 6 and"
            + " rpcx-bench compare A B, test one",
        md.toString());
  }

  /** The report's tables, written to {@code staged}, moved into {@code md} and printed; them. */
  private static String publish(Path staged, Path md, PrintWriter out) throws IOException {
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
    return tables;
  }

  /** The report tool's run: its tables into {@code staged}, its errors into the log; its code. */
  /**
   * A report run: its exit code, and its closing line ({@link ClosingLine}), which is kept out of
   * the log here and printed as compare's own last.
   */
  record ReportRun(int code, Optional<ClosingLine> closing) {}

  private static ReportRun runReport(List<String> command, Path staged, SweepLog log)
      throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(command)
            .redirectOutput(staged.toFile())
            .redirectErrorStream(false)
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    int code = p.waitFor();
    List<String> lines = err.lines().toList();
    lines.stream().filter(l -> ClosingLine.parse(l).isEmpty()).forEach(log::line);
    return new ReportRun(code, ClosingLine.last(lines));
  }

  /** Compare's last line: the final diff's, with diff.md as its page. */
  static Optional<ClosingLine> closing(CompareSettings s, ReportRun diff) {
    return diff.closing().map(c -> c.as("compare").withPage(s.out().resolve("diff.md").toString()));
  }
}
