package io.rpcxbench.report;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code clean [--db URL]}: the paper's cleaning into the cleaned data model. */
@Command(
    name = "clean",
    mixinStandardHelpOptions = true,
    description =
        "Per (type, threadNum, requestNum): drop order 0, average the other runs, keep the spread. "
            + "Timed-out and failed points stay so. Replaces the cleaned table.")
final class CleanCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin DbOption db;

  @Override
  public Integer call() {
    return Steps.withDb(
        db, spec.commandLine().getErr(), d -> Steps.clean(d, spec.commandLine().getOut()));
  }
}
