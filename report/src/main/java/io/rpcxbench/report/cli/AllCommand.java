package io.rpcxbench.report.cli;

import io.rpcxbench.api.ExitCode;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code all [--db URL] [--out DIR] PATH...}: ingest, clean and report in one go. An experiment's
 * folder reports into itself: with one PATH named {@code raw} (e.g. {@code results/quickstart/raw})
 * and no {@code --db} or {@code --out}, the database is {@code results.db} and the report {@code
 * report/} beside it ({@code results/raw} gives the plain defaults, {@code results/results.db} and
 * {@code results/report}).
 */
@Command(
    name = "all",
    mixinStandardHelpOptions = true,
    description =
        "ingest PATH..., then clean, then report. Exit code 1 if any step had failures "
            + "(the report is still written). With one PATH named raw and no --db/--out, the "
            + "database and the report go beside it (DIR/raw -> DIR/results.db, DIR/report).")
public final class AllCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin DbOption db;
  @Mixin MergeOption merge;
  @Mixin OutOption out;
  @Mixin ReferenceOption reference;

  @Parameters(arity = "1..*", paramLabel = "PATH", description = "Raw files or folders.")
  List<Path> paths;

  @Override
  public Integer call() {
    var o = spec.commandLine().getOut();
    var err = spec.commandLine().getErr();
    Path home = experiment();
    if (home != null) {
      if (!spec.commandLine().getParseResult().hasMatchedOption("--db")) {
        db.url = "jdbc:sqlite:" + home.resolve("results.db");
      }
      if (!spec.commandLine().getParseResult().hasMatchedOption("--out")) {
        out.dir = home.resolve("report");
      }
    }
    return Steps.withDb(
        db,
        err,
        d -> {
          int ingest = Steps.ingest(d, paths, merge.merge, o, err);
          if (ingest == ExitCode.USAGE.code()) {
            return ingest;
          }
          int clean = Steps.clean(d, o, err);
          int report = Steps.report(d, out.dir, reference.id, o, err);
          return Math.max(ingest, Math.max(clean, report));
        });
  }

  /** The experiment's folder of a single {@code DIR/raw} PATH, else null. */
  private Path experiment() {
    if (paths.size() != 1) {
      return null;
    }
    Path raw = paths.get(0).toAbsolutePath().normalize();
    if (raw.getFileName() == null
        || !raw.getFileName().toString().equals("raw")
        || !java.nio.file.Files.isDirectory(raw)) {
      return null;
    }
    Path relative = paths.get(0).normalize().getParent();
    return relative == null ? Path.of(".") : relative;
  }
}
