package io.rpcxbench.runner.compare;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.raw.ClosingLine;
import io.rpcxbench.runner.point.MachineCalibration;
import io.rpcxbench.runner.point.Placement;
import io.rpcxbench.runner.point.SweepLog;
import io.rpcxbench.stats.AaLedger;
import io.rpcxbench.stats.Sequential;
import io.rpcxbench.verdict.compare.CompareFolder;
import io.rpcxbench.verdict.compare.CompareTarget;
import io.rpcxbench.verdict.diff.DiffVerdict;
import io.rpcxbench.verdict.page.DocSection;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The comparison's verdict, made in this JVM by the judging library ({@code verdict}): with two
 * builds the diff of their folders ({@link DiffVerdict}: the test over trials, and the gates of
 * {@code --threshold}) to diff.md and diff.json, its exit code passed on; with variants the tables
 * ({@link CompareFolder}) to compare.md and printed, and with {@code --write-doc} also the compare
 * section of docs/performance.md with the method text ({@link DocSection}).
 */
final class CompareReport {
  private CompareReport() {}

  /** The variant the server's CPU per call is compared with in the tables. */
  static final String REFERENCE = "rpcx";

  /**
   * What the two builds' folders are judged with: their gates, and with rounds that may be added
   * after {@code plannedRounds} the sequential design every look is made at.
   */
  static DiffVerdict.Request diffRequest(CompareSettings s, int plannedRounds) {
    return new DiffVerdict.Request(
        s.out().resolve(JarPair.BASE),
        s.out().resolve(JarPair.NEW),
        false,
        s.thresholds(),
        null,
        s.mostRounds() > plannedRounds ? new Sequential(plannedRounds, s.mostRounds()) : null);
  }

  /**
   * Two builds of the same bytes are an A/A: the final diff's verdicts go to the machine's A/A
   * ledger, where the false-positive rate the tool states is counted; nothing for two different
   * builds.
   */
  static void ledger(CompareSettings s, DiffVerdict final_, SweepLog log) throws IOException {
    if (s.jars() == null || !s.jars().identical()) {
      return;
    }
    List<AaLedger.Entry> made = final_.aaEntries(Instant.now(), "compare");
    if (made.isEmpty()) {
      return;
    }
    Path file = MachineCalibration.here().ledger();
    AaLedger.addTo(file, made);
    log.line(
        "A/A: "
            + made.stream().filter(AaLedger.Entry::significant).count()
            + " of "
            + made.size()
            + " verdicts differed; added to "
            + file);
  }

  /**
   * The two builds' diff: its Markdown to diff.md and printed, its JSON to diff.json; the verdict,
   * whose exit code is 0 ok, 98 a gate inconclusive, 99 a threshold failed, 1 nothing to compare.
   */
  static DiffVerdict diff(CompareSettings s, int plannedRounds, PrintWriter out, SweepLog log)
      throws IOException {
    Path md = s.out().resolve("diff.md");
    Path json = s.out().resolve("diff.json");
    DiffVerdict v = DiffVerdict.of(diffRequest(s, plannedRounds));
    v.warnings().forEach(w -> log.line("warning: " + w));
    AtomicText.write(json, v.report().json());
    String markdown = v.report().page().markdown();
    AtomicText.write(md, markdown);
    print(markdown, out);
    if (!v.compared()) {
      log.line("error: " + v.report().summary());
    }
    log.line(
        "diff: exit "
            + v.exitCode().code()
            + " ("
            + diffMeaning(v.exitCode())
            + "); raw files: "
            + s.out().resolve(JarPair.BASE)
            + " and "
            + s.out().resolve(JarPair.NEW)
            + "; tables: "
            + md
            + ", "
            + json);
    return v;
  }

  /** What the diff's exit code says. */
  static String diffMeaning(ExitCode exit) {
    return switch (exit) {
      case OK -> "no threshold failed";
      case INCONCLUSIVE ->
          "a gate is inconclusive: its interval straddles the margin, or too few trials";
      case GATE_FAILED -> "a threshold failed";
      case FAILED -> "nothing compared: a side has no trial with runs";
      default -> "the diff failed";
    };
  }

  /** Makes the tables; 0, or 1 when the folder holds none (said in the log). */
  static int write(
      CompareSettings s, Placement placement, List<String> machine, PrintWriter out, SweepLog log)
      throws IOException {
    Path md = s.out().resolve("compare.md");
    String tables;
    try {
      List<CompareTarget> goals = s.targets() == null ? List.of() : CompareTarget.read(s.targets());
      tables =
          CompareFolder.tables(
                  s.out(),
                  s.warmupRuns(),
                  s.plan().variants(),
                  placement.serverCores(),
                  placement.text(),
                  REFERENCE)
              .markdown(goals);
    } catch (CompareFolder.NothingHere e) {
      log.line("no tables: " + e.getMessage() + " (raw files: " + s.out().resolve("raw") + ")");
      return ExitCode.FAILED.code();
    }
    AtomicText.write(md, tables);
    print(tables, out);
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
      DocSection.write(s.doc(), "compare", s.docSection(machine, tables));
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

  /** The tables, printed between blank lines. */
  private static void print(String tables, PrintWriter out) {
    out.println();
    out.print(tables);
    out.println();
    out.flush();
  }

  /**
   * Compare's last line: the final diff's, with diff.md as its page; none when nothing compared.
   */
  static Optional<ClosingLine> closing(CompareSettings s, DiffVerdict diff) {
    if (!diff.compared()) {
      return Optional.empty();
    }
    return Optional.of(
        diff.report()
            .closing(s.out().resolve("diff.json").toString())
            .as("compare")
            .withPage(s.out().resolve("diff.md").toString()));
  }
}
