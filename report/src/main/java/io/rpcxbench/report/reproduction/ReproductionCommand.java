package io.rpcxbench.report.reproduction;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.Cleaner;
import io.rpcxbench.report.clean.RunTimes;
import io.rpcxbench.report.cli.MergeOption;
import io.rpcxbench.report.cli.OutFileConverter;
import io.rpcxbench.report.cli.Steps;
import io.rpcxbench.report.db.Database;
import io.rpcxbench.report.tables.PaperReference;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code reproduction --data DIR [--data DIR ...] [--earlier-data DIR ...] [--paper-reference
 * built-in|FILE.csv] [--out FILE.md] [--splice FILE.md]}: the verdict box and the tables of
 * docs/reproduction.md from raw files, in one command. The files are read into a throw-away
 * in-memory database with the same checks as {@code ingest}, cleaned the paper's way per series,
 * and rendered by {@link ReproductionTables}.
 *
 * <pre>
 * java -jar report/target/report.jar reproduction --data results/reproduction --splice docs/reproduction.md
 * </pre>
 */
@Command(
    name = "reproduction",
    mixinStandardHelpOptions = true,
    description =
        "Tables 3-4 of the paper on its whole grid, per link regime and reading of the request "
            + "count, with mean ± 95 %% CI over runs 1..N-1 beside the paper's values, RPCX's "
            + "advantage ranges and how many grid pairs fall inside the paper's, as Markdown between "
            + ReproductionTables.BEGIN
            + " markers. Without --out and --splice the Markdown goes to standard output.")
public final class ReproductionCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin MergeOption merge;

  @Option(
      names = "--data",
      required = true,
      paramLabel = "DIR",
      description =
          "Raw files (every *.csv below DIR); regimes and readings in any subfolders. Repeat it to"
              + " read several folders as one, e.g. one regime's sweeps from each.")
  List<Path> data;

  @Option(
      names = "--paper-reference",
      paramLabel = "built-in|FILE.csv",
      defaultValue = PaperReference.BUILT_IN,
      description =
          "The paper's values: built-in (its stated advantage ranges only) or a CSV "
              + "protocol,threads,requests,runtime_ms,tps with per-point values (default: "
              + "${DEFAULT-VALUE}).")
  String paperReference;

  @Option(
      names = "--cold-start-data",
      paramLabel = "DIR",
      description =
          "Raw files of points run with --cold-start, each file one round (any subfolders): adds"
              + " the measured Table 2 (the first run against the others) to the generated block.")
  Path coldStartData;

  @Option(
      names = "--earlier-data",
      paramLabel = "DIR",
      description =
          "Raw files of earlier sweeps of the same regimes (repeatable, read as one, their"
              + " duplicates merged as sweeps): the verdict box sets RPCX's median advantage from"
              + " them beside this data's, with the change and whether it exceeds what the"
              + " sweeps vary.")
  List<Path> earlierData = new ArrayList<>();

  @Option(
      names = "--out",
      converter = OutFileConverter.class,
      paramLabel = "FILE.md",
      description = "Write the generated block here.")
  Path out;

  @Option(
      names = "--splice",
      paramLabel = "FILE.md",
      description =
          "Replace the generated block in FILE.md in place (the text between the markers); a file "
              + "without the markers gets the block appended, a missing file is created.")
  Path splice;

  @Option(
      names = "--prose",
      paramLabel = "FILE.md",
      description =
          "Refresh the numbers in FILE.md's prose (repeatable): every <!--f:NAME-->value<!--/f-->"
              + " span gets the value the data gives (the page of --splice is refreshed too); a"
              + " name that is no fact is an error. --list-facts prints the names.")
  List<Path> prose = new ArrayList<>();

  @Option(
      names = "--list-facts",
      description =
          "Print every fact the prose can quote (name, a tab, its value) and write nothing else.")
  boolean listFacts;

  @Override
  public Integer call() {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    boolean toStdout = out == null && splice == null && prose.isEmpty() && !listFacts;
    // With the Markdown on standard output, the progress lines go to standard error.
    PrintWriter progress = toStdout ? err : stdout;
    for (Path dir : data) {
      if (!Files.isDirectory(dir)) {
        err.println("error: --data: no such directory: " + dir);
        err.flush();
        return ExitCode.USAGE.code();
      }
    }
    for (Path dir : earlierData) {
      if (!Files.isDirectory(dir)) {
        err.println("error: --earlier-data: no such directory: " + dir);
        err.flush();
        return ExitCode.USAGE.code();
      }
    }
    for (Path page : prose) {
      if (!Files.isRegularFile(page)) {
        err.println("error: --prose: no such file: " + page);
        err.flush();
        return ExitCode.USAGE.code();
      }
    }
    PaperReference paper;
    try {
      paper = PaperReference.of(paperReference);
    } catch (IOException | IllegalArgumentException e) {
      err.println("error: --paper-reference: " + e.getMessage());
      err.flush();
      return ExitCode.USAGE.code();
    }
    try (Database db = Database.open("jdbc:sqlite::memory:")) {
      int ingest = Steps.ingest(db, data, merge.merge, progress, err);
      List<String> problems = new ArrayList<>();
      List<CleanedPoint> cleaned = Cleaner.run(db, problems);
      problems.forEach(err::println);
      RunTimes runTimes = RunTimes.load(db);
      ByteLimitModel model = ByteLimitModel.load(db);
      List<Regime> regimes = Regime.all(cleaned, runTimes);
      List<String> earlierProblems = new ArrayList<>();
      EarlierSweeps earlier = earlier(progress, err, earlierProblems);
      earlierProblems.forEach(err::println);
      problems.addAll(earlierProblems);
      SweepOrigins origins = SweepOrigins.load(db);
      String verdict = new VerdictBox(regimes, origins, earlier).markdown();
      String block = new ReproductionTables(cleaned, paper, model, regimes).markdown();
      if (coldStartData != null) {
        block = withColdStart(block, coldStartData, progress, err);
        if (block == null) {
          return ExitCode.USAGE.code();
        }
      }
      ProseFacts facts = ProseFacts.of(regimes, origins, earlier, model);
      if (listFacts) {
        facts.all().forEach((name, value) -> stdout.println(name + "\t" + value));
        return ExitCode.OK.code();
      }
      if (toStdout) {
        stdout.print(verdict + "\n" + block);
      }
      if (out != null) {
        write(out, verdict + "\n" + block);
        progress.println("reproduction: " + cleaned.size() + " points -> " + out);
      }
      List<Path> pages = new ArrayList<>(prose);
      if (splice != null) {
        pages.add(0, splice);
      }
      for (Path page : pages) {
        if (Files.exists(page)) {
          try {
            facts.fill(Files.readString(page, StandardCharsets.UTF_8));
          } catch (ProseFacts.UnknownFact e) {
            err.println("error: " + page + ": " + e.getMessage() + " (--list-facts names them)");
            return ExitCode.USAGE.code();
          }
        }
      }
      if (splice != null) {
        spliceVerdict(splice, verdict);
        boolean replaced = splice(splice, block);
        progress.println(
            "reproduction: "
                + cleaned.size()
                + " points -> "
                + splice
                + (replaced ? " (block replaced)" : " (block appended)"));
      }
      for (Path page : pages) {
        String text = Files.exists(page) ? Files.readString(page, StandardCharsets.UTF_8) : "";
        long spans = ProseFacts.SPAN.matcher(text).results().count();
        if (spans > 0) {
          write(page, facts.fill(text));
          progress.println(
              "reproduction: "
                  + spans
                  + (spans == 1 ? " number" : " numbers")
                  + " in the prose -> "
                  + page);
          // the spliced page quotes only facts; its notes may quote other folders' numbers
          for (String n : page.equals(splice) ? ProseNumbers.unfactored(text) : List.<String>of()) {
            progress.println(
                "note: " + page + " " + n + " looks measured and is no generated fact");
          }
        }
      }
      boolean failed = problems.stream().anyMatch(p -> !p.startsWith("note: "));
      return Math.max(ingest, failed ? ExitCode.FAILED.code() : ExitCode.OK.code());
    } catch (SQLException | IOException e) {
      err.println("error: " + e.getMessage());
      return ExitCode.FAILED.code();
    } finally {
      stdout.flush();
      err.flush();
    }
  }

  /**
   * The regimes of --earlier-data, or null without it. Its problems go to {@code problems} marked
   * as the earlier data's, so that they count in the exit code as this data's do.
   */
  private EarlierSweeps earlier(PrintWriter progress, PrintWriter err, List<String> problems)
      throws SQLException, IOException {
    if (earlierData.isEmpty()) {
      return null;
    }
    try (Database then = Database.open("jdbc:sqlite::memory:")) {
      if (Steps.ingest(then, earlierData, true, progress, err) != ExitCode.OK.code()) {
        problems.add("error: --earlier-data: not every file could be read (see above)");
      }
      List<String> cleaning = new ArrayList<>();
      List<CleanedPoint> cleaned = Cleaner.run(then, cleaning);
      cleaning.forEach(p -> problems.add(earlierMarked(p)));
      return new EarlierSweeps(Regime.all(cleaned, RunTimes.load(then)), SweepOrigins.load(then));
    }
  }

  /** A cleaning problem of the earlier data, named as such; a note stays a note. */
  static String earlierMarked(String problem) {
    String note = "note: ";
    return problem.startsWith(note)
        ? note + "--earlier-data: " + problem.substring(note.length())
        : "--earlier-data: " + problem;
  }

  /**
   * {@code block} with the measured Table 2 of the files under {@code dir} before its end marker;
   * null (after a message) when {@code dir} is no directory.
   */
  private static String withColdStart(String block, Path dir, PrintWriter progress, PrintWriter err)
      throws SQLException, IOException {
    if (!Files.isDirectory(dir)) {
      err.println("error: --cold-start-data: no such directory: " + dir);
      return null;
    }
    try (Database cold = Database.open("jdbc:sqlite::memory:")) {
      // each round is a file of the same point: they are kept apart as sweeps, never refused
      Steps.ingest(cold, List.of(dir), true, progress, err);
      String section =
          ColdStartTable.markdown(RunTimes.load(cold)) + ColdStartTable.provenance(cold);
      int end = block.lastIndexOf(ReproductionTables.END);
      return block.substring(0, end).stripTrailing() + "\n" + section + "\n" + block.substring(end);
    }
  }

  /**
   * Puts the verdict box between its markers in {@code file}, or, without them, after the file's
   * first line (its title) and a blank line; a missing file is created.
   */
  static void spliceVerdict(Path file, String box) throws IOException {
    String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    if (text.contains(VerdictBox.BEGIN)) {
      write(file, replaced(text, box, VerdictBox.BEGIN, VerdictBox.END));
      return;
    }
    int eol = text.indexOf('\n');
    write(
        file,
        eol < 0
            ? (text.isEmpty() ? box : text + "\n\n" + box)
            : text.substring(0, eol + 1)
                + "\n"
                + box
                + "\n"
                + text.substring(eol + 1).stripLeading());
  }

  /**
   * Puts {@code block} between the markers of {@code file}, or appends it; true if it replaced one.
   */
  static boolean splice(Path file, String block) throws IOException {
    String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    int begin = text.indexOf(ReproductionTables.BEGIN);
    int end = text.indexOf(ReproductionTables.END, Math.max(begin, 0));
    String result;
    boolean replaced = begin >= 0 && end > begin;
    if (replaced) {
      result = replaced(text, block, ReproductionTables.BEGIN, ReproductionTables.END);
    } else {
      result =
          text.isEmpty() || text.endsWith("\n\n")
              ? text + block
              : text.stripTrailing() + "\n\n" + block;
    }
    write(file, result);
    return replaced;
  }

  /** {@code text} with the span from {@code begin} to {@code end} (and its line break) replaced. */
  private static String replaced(String text, String block, String begin, String end) {
    int b = text.indexOf(begin);
    int e = text.indexOf(end, b);
    if (b < 0 || e < 0) {
      throw new IllegalArgumentException("markers not found: " + begin);
    }
    int after = e + end.length();
    if (after < text.length() && text.charAt(after) == '\n') {
      after++;
    }
    return text.substring(0, b) + block + text.substring(after);
  }

  /** Written atomically: a reader (or an interrupted run) never leaves half a page. */
  private static void write(Path file, String text) throws IOException {
    AtomicText.write(file, text);
  }
}
