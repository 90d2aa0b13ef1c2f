package io.rpcxbench.report.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code report [--db URL] [--out DIR]}: tables, charts and index.html from the cleaned table. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description =
        "Write Tables 3-4 (Markdown, CSV), Figs. 8-10 and the throughput/p99 charts (PNG), "
            + "cleaned.csv, every protocol against --reference (vs-reference.*) and index.html.")
public final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin DbOption db;
  @Mixin OutOption out;
  @Mixin ReferenceOption reference;

  @Override
  public Integer call() {
    var err = spec.commandLine().getErr();
    return Steps.withDb(
        db, err, d -> Steps.report(d, out.dir, reference.id, spec.commandLine().getOut(), err));
  }
}
