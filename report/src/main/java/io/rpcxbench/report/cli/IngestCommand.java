package io.rpcxbench.report.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ingest [--db URL] PATH...}: raw files into the original data model. */
@Command(
    name = "ingest",
    mixinStandardHelpOptions = true,
    description =
        "Read raw files (directories: every *.csv below) into the database. Unchanged files are "
            + "skipped, changed ones replaced; malformed lines are reported as file:line: reason and skipped.")
public final class IngestCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin DbOption db;
  @Mixin MergeOption merge;

  @Parameters(arity = "1..*", paramLabel = "PATH", description = "Raw files or folders.")
  List<Path> paths;

  @Override
  public Integer call() {
    var out = spec.commandLine().getOut();
    var err = spec.commandLine().getErr();
    return Steps.withDb(db, err, d -> Steps.ingest(d, paths, merge.merge, out, err));
  }
}
