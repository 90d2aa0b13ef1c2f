package io.rpcxbench.report.cli;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.ClosingLine;
import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.Cleaner;
import io.rpcxbench.report.db.Database;
import io.rpcxbench.report.db.Ingester;
import io.rpcxbench.report.pages.ReportWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The three steps, shared by their own commands and by {@code all}; each returns an exit code. */
public final class Steps {
  private Steps() {}

  public static int ingest(
      Database db, List<Path> paths, boolean mergeDuplicates, PrintWriter out, PrintWriter err)
      throws IOException, SQLException {
    List<Path> files;
    try {
      files = Ingester.expand(paths);
    } catch (IOException e) {
      err.println("error: " + e.getMessage());
      return ExitCode.USAGE.code();
    }
    Ingester.Summary s = new Ingester(db, err).ingest(files, mergeDuplicates);
    out.printf(
        "ingest: %d files (%d new, %d replaced, %d unchanged, %d unreadable, %d duplicate), "
            + "%d runs stored, %d incomplete, %d problems%n",
        s.files(),
        s.added(),
        s.replaced(),
        s.unchanged(),
        s.unreadable(),
        s.duplicates(),
        s.runs(),
        s.incomplete(),
        s.problems());
    out.flush();
    return s.problems() > 0 ? ExitCode.FAILED.code() : ExitCode.OK.code();
  }

  static int clean(Database db, PrintWriter out, PrintWriter err) throws SQLException {
    List<String> problems = new ArrayList<>();
    List<CleanedPoint> cleaned = Cleaner.run(db, problems);
    Map<String, Integer> byStatus = new TreeMap<>();
    cleaned.forEach(p -> byStatus.merge(p.status().id, 1, Integer::sum));
    long series = cleaned.stream().map(CleanedPoint::series).distinct().count();
    out.println(
        "clean: "
            + cleaned.size()
            + " points "
            + byStatus
            + (series > 1 ? " in " + series + " series" : ""));
    out.flush();
    problems.forEach(err::println);
    err.flush();
    return problems.stream().anyMatch(p -> !p.startsWith("note: "))
        ? ExitCode.FAILED.code()
        : ExitCode.OK.code();
  }

  static int report(Database db, Path outDir, String reference, PrintWriter out, PrintWriter err)
      throws SQLException, IOException {
    try {
      ReportWriter.Written w = ReportWriter.write(db, outDir, reference);
      if (!w.referenceMeasured()) {
        err.println(
            "warning: reference protocol '" + reference + "' was not measured; ratios left empty");
        err.flush();
      }
      out.println(
          "report: "
              + w.points()
              + " points ("
              + w.unfinished()
              + " did not finish"
              + (w.series() > 1 ? ", " + w.series() + " series, one folder each" : "")
              + "), "
              + w.figures()
              + " charts -> "
              + outDir.resolve("index.html"));
      out.println(closing(w, reference, outDir.resolve("index.html")).text());
      out.flush();
      return ExitCode.OK.code();
    } catch (IllegalStateException e) {
      err.println("error: " + e.getMessage());
      err.flush();
      return ExitCode.FAILED.code();
    }
  }

  /**
   * The report's last line: who had the highest throughput and how the others trailed (the first
   * series' answer, with how many series more), how sure point estimates are, and its page.
   */
  static ClosingLine closing(ReportWriter.Written w, String reference, Path page) {
    String decided;
    if (w.answers().isEmpty()) {
      decided =
          w.points()
              + (w.points() == 1 ? " point" : " points")
              + (w.referenceMeasured()
                  ? ", nothing to set against " + reference
                  : ", reference " + reference + " not measured");
    } else {
      decided = w.answers().get(0).decided();
      if (w.series() > 1) {
        decided += " (the first of " + w.series() + " series; each page answers its own)";
      }
    }
    return new ClosingLine(
        "report",
        decided,
        "point estimates, their 95 % intervals in the tables; a verdict between two takes"
            + " trials (rpcx-bench compare)",
        page.toString());
  }

  /**
   * Runs {@code body} against the database, turning database errors into a message and exit code 1.
   */
  static int withDb(DbOption db, PrintWriter err, DbWork body) {
    try (Database d = db.open()) {
      return body.run(d);
    } catch (SQLException | IOException e) {
      err.println("error: " + db.url + ": " + e.getMessage());
      err.flush();
      return ExitCode.FAILED.code();
    }
  }

  @FunctionalInterface
  interface DbWork {
    int run(Database db) throws SQLException, IOException;
  }
}
