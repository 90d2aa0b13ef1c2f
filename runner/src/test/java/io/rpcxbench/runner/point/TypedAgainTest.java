package io.rpcxbench.runner.point;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.runner.RpcxBenchCommand;
import io.rpcxbench.runner.sweep.SweepCommand;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** A subcommand's own arguments, without its name, and the line that runs it again. */
class TypedAgainTest {
  private static CommandSpec parsed(String... args) {
    CommandLine cl = RpcxBenchCommand.commandLine();
    cl.parseArgs(args);
    return cl.getSubcommands().get(args[0]).getCommandSpec();
  }

  @Test
  void aSubcommandsArgumentsLeaveItsNameOut() {
    CommandSpec sweep = parsed("sweep", "--local", "--protocol", "rpcx,grpc", "--out", "sweep");
    assertThat(TypedAgain.args(sweep))
        .containsExactly("--local", "--protocol", "rpcx,grpc", "--out", "sweep");
    CommandSpec compare = parsed("compare", "results/before", "results/after");
    assertThat(TypedAgain.args(compare)).containsExactly("results/before", "results/after");
  }

  @Test
  void theLineNamesTheSubcommandOnceAndQuotesWhatTheShellWouldSplit() {
    CommandSpec sweep = parsed("sweep", "--local", "--out", "/tmp/a b", "--", "--note", "it's");
    assertThat(TypedAgain.line("rpcx-bench", sweep))
        .isEqualTo("rpcx-bench sweep --local --out '/tmp/a b' -- --note 'it'\\''s'");
  }

  @Test
  void aCommandRunOnItsOwnKeepsEveryArgument() {
    CommandLine alone = new CommandLine(new SweepCommand(Install.fromEnvironment()));
    alone.parseArgs("--local", "--protocol", "rpcx");
    assertThat(TypedAgain.args(alone.getCommandSpec()))
        .containsExactly("--local", "--protocol", "rpcx");
  }

  @CommandLine.Command(name = "top", subcommands = Aliased.class)
  static final class Top implements Runnable {
    @Override
    public void run() {}
  }

  @CommandLine.Command(name = "sub", aliases = "s")
  static final class Aliased implements Runnable {
    @CommandLine.Parameters java.util.List<String> rest;

    @Override
    public void run() {}
  }

  @Test
  void anAliasTypedForTheNameIsLeftOutToo() {
    CommandLine cl = new CommandLine(new Top());
    cl.parseArgs("s", "sub", "x");
    CommandSpec sub = cl.getSubcommands().get("sub").getCommandSpec();
    assertThat(TypedAgain.args(sub)).containsExactly("sub", "x");
    assertThat(TypedAgain.line("rpcx-bench", sub)).isEqualTo("rpcx-bench sub sub x");
  }
}
