package io.rpcxbench.report.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code all [--db URL] [--out DIR] PATH...}: ingest, clean and report in one go. */
@Command(
    name = "all",
    mixinStandardHelpOptions = true,
    description =
        "ingest PATH..., then clean, then report. Exit code 1 if any step had failures "
            + "(the report is still written).")
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
    return Steps.withDb(
        db,
        err,
        d -> {
          int ingest = Steps.ingest(d, paths, merge.merge, o, err);
          if (ingest == CommandLine.ExitCode.USAGE) {
            return ingest;
          }
          int clean = Steps.clean(d, o, err);
          int report = Steps.report(d, out.dir, reference.id, o, err);
          return Math.max(ingest, Math.max(clean, report));
        });
  }
}
