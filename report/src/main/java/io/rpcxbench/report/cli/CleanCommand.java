package io.rpcxbench.report.cli;

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
        "Per (protocol, threadNum, requestNum) and series (requests_per, call, client host, link "
            + "rate): drop order 0, average the other runs, keep the spread. Timed-out, failed and "
            + "incomplete points stay so. Replaces the cleaned table.")
public final class CleanCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin DbOption db;

  @Override
  public Integer call() {
    return Steps.withDb(
        db,
        spec.commandLine().getErr(),
        d -> Steps.clean(d, spec.commandLine().getOut(), spec.commandLine().getErr()));
  }
}
