package io.rpcxbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.api.ExitCodes;
import io.rpcxbench.harness.HarnessCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's --help renders as written: picocli formats descriptions with String.format, so a
 * lone '%' ("95 % interval") prints a picocli WARN and drops the line breaks.
 */
class HelpTextTest {
  @Test
  void everyCommandsHelpRendersWithoutAFormatWarning() {
    List<String> warnings = new ArrayList<>();
    warnings.addAll(warningsOf(RpcxBenchCommand.commandLine()));
    warnings.addAll(warningsOf(HarnessCommand.commandLine()));
    assertThat(warnings).isEmpty();
  }

  /**
   * Every command's --help, sub-commands included, points to the one exit-code list in one line and
   * does not repeat the list.
   */
  @Test
  void everyHelpPointsToTheOneExitCodeList() {
    List<String> wrong = new ArrayList<>();
    exitCodeLines(RpcxBenchCommand.commandLine(), wrong);
    exitCodeLines(HarnessCommand.commandLine(), wrong);
    assertThat(wrong).isEmpty();
  }

  private static void exitCodeLines(CommandLine command, List<String> wrong) {
    String help = command.getUsageMessage(CommandLine.Help.Ansi.OFF);
    String name = command.getCommandSpec().qualifiedName();
    if (!help.contains("\n" + ExitCodes.POINTER + "\n")) {
      wrong.add(name + ": no pointer line");
    }
    if (help.contains(ExitCode.LOCKED.meaning()) || help.contains(ExitCode.TIMED_OUT.meaning())) {
      wrong.add(name + ": the list itself");
    }
    command.getSubcommands().values().forEach(sub -> exitCodeLines(sub, wrong));
  }

  /** rpcx-bench help exit-codes prints the list; help COMMAND a command's help. */
  @Test
  void helpExitCodesPrintsTheListAndHelpCommandTheCommandsHelp() {
    java.io.StringWriter out = new java.io.StringWriter();
    CommandLine cl = RpcxBenchCommand.commandLine();
    cl.setOut(new java.io.PrintWriter(out));
    assertThat(cl.execute("help", "exit-codes")).isZero();
    assertThat(out.toString())
        .contains(ExitCodes.list())
        .contains("   98  a gate cannot tell: the interval straddles its margin; more trials may")
        .doesNotContain("Usage:");
    java.io.StringWriter sweep = new java.io.StringWriter();
    CommandLine c2 = RpcxBenchCommand.commandLine();
    c2.setOut(new java.io.PrintWriter(sweep));
    assertThat(c2.execute("help", "sweep")).isZero();
    assertThat(sweep.toString()).contains("Usage: rpcx-bench sweep").doesNotContain("   98  ");
    java.io.StringWriter err = new java.io.StringWriter();
    CommandLine c3 = RpcxBenchCommand.commandLine();
    c3.setErr(new java.io.PrintWriter(err));
    assertThat(c3.execute("help", "exit-code")).isEqualTo(2);
    assertThat(err.toString())
        .contains("error: no help on 'exit-code': give exit-codes or a command (run, sweep,")
        .doesNotContain("repeat");
  }

  /** repeat (deploy/repro-repeat.sh's) is not in the command list, and still works. */
  @Test
  void repeatIsHiddenButWorks() {
    java.io.StringWriter out = new java.io.StringWriter();
    CommandLine cl = RpcxBenchCommand.commandLine();
    cl.setOut(new java.io.PrintWriter(out));
    assertThat(cl.execute("--help")).isZero();
    assertThat(out.toString())
        .containsPattern("(?m)^  sweep ")
        .containsPattern("(?m)^  help +Help on a command, or every exit code")
        .doesNotContainPattern("(?m)^  repeat ");
    java.io.StringWriter regimes = new java.io.StringWriter();
    CommandLine c2 = RpcxBenchCommand.commandLine();
    c2.setOut(new java.io.PrintWriter(regimes));
    assertThat(c2.execute("repeat", "regimes")).isZero();
    assertThat(regimes.toString()).contains("a-1gbit-thread");
  }

  /** Every help text whole: no option or parameter shown without a description. */
  @Test
  void everyOptionAndParameterHasADescription() {
    java.util.List<String> missing = new java.util.ArrayList<>();
    undescribed(RpcxBenchCommand.commandLine(), missing);
    undescribed(HarnessCommand.commandLine(), missing);
    assertThat(missing).isEmpty();
  }

  private static void undescribed(CommandLine command, java.util.List<String> missing) {
    CommandLine.Model.CommandSpec spec = command.getCommandSpec();
    java.util.List<CommandLine.Model.ArgSpec> args = new java.util.ArrayList<>(spec.options());
    args.addAll(spec.positionalParameters());
    for (CommandLine.Model.ArgSpec a : args) {
      if (!a.hidden() && String.join("", a.description()).isBlank()) {
        missing.add(spec.qualifiedName() + " " + a.paramLabel() + " " + a);
      }
    }
    command.getSubcommands().values().forEach(sub -> undescribed(sub, missing));
  }

  /** A misspelt command or option: one line with picocli's nearest suggestion, exit 2. */
  @Test
  void aMisspeltCommandOrOptionGetsASuggestion() {
    assertThat(usageError("swep"))
        .startsWith("error: unknown command 'swep'; did you mean sweep?\n")
        .contains("try: rpcx-bench --help");
    assertThat(usageError("sweep", "--protcol", "rpcx", "--dry-run"))
        .startsWith("error: unknown option '--protcol'; did you mean --protocol?\n")
        .contains("try: rpcx-bench sweep --help");
    assertThat(usageError("run", "--protcol=rpcx"))
        .startsWith("error: unknown option '--protcol'; did you mean --protocol?\n");
    // a hidden command is never suggested
    assertThat(usageError("repet")).startsWith("error: unknown command 'repet'\n");
    assertThat(usageError("zzzzzz")).startsWith("error: unknown command 'zzzzzz'\n");
    assertThat(usageError("sweep", "--thread", "1", "--dry-run"))
        .startsWith("error: unknown option '--thread'; did you mean --threads?\n");
  }

  private static String usageError(String... args) {
    java.io.StringWriter err = new java.io.StringWriter();
    CommandLine cl = RpcxBenchCommand.commandLine();
    cl.setErr(new java.io.PrintWriter(err));
    assertThat(cl.execute(args)).isEqualTo(2);
    return err.toString().replace(System.lineSeparator(), "\n");
  }

  /** A usage error's hint names the command the user typed: {@code rpcx-bench run --help}. */
  @Test
  void aUsageErrorsHintNamesARealCommand() throws java.io.IOException {
    CommandLine cl = RpcxBenchCommand.commandLine();
    java.io.StringWriter err = new java.io.StringWriter();
    cl.setErr(new java.io.PrintWriter(err));
    int code = cl.execute("run", "--protocol", "rpcx", "--port", "1");
    assertThat(code).isEqualTo(2);
    assertThat(err.toString())
        .contains("try: rpcx-bench run --help")
        .doesNotContain("client-harness");
    java.io.StringWriter err2 = new java.io.StringWriter();
    CommandLine c2 = RpcxBenchCommand.commandLine();
    c2.setErr(new java.io.PrintWriter(err2));
    assertThat(c2.execute("compare", "/nonexistent-base", "/tmp")).isEqualTo(2);
    assertThat(err2.toString())
        .contains("error: /nonexistent-base does not exist: give two result folders (BASE NEW)")
        .contains("try: rpcx-bench compare --help");
    // an empty folder is bad usage too, before the report's JVM starts
    java.io.StringWriter err3 = new java.io.StringWriter();
    CommandLine c3 = RpcxBenchCommand.commandLine();
    c3.setErr(new java.io.PrintWriter(err3));
    java.nio.file.Path empty = java.nio.file.Files.createTempDirectory("compare-empty");
    assertThat(c3.execute("compare", empty.toString(), empty.toString())).isEqualTo(2);
    assertThat(err3.toString()).contains(empty + " holds no raw file (*.csv)");
    java.nio.file.Files.delete(empty);
  }

  /**
   * A description line longer than the help's width wraps, so it must be a whole paragraph (ending
   * its sentence): a line cut mid-sentence and continued in the next would leave a stub line.
   */
  @Test
  void everyDescriptionLineFitsTheHelpWidth() {
    List<String> tooLong = new ArrayList<>();
    longLines(RpcxBenchCommand.commandLine(), tooLong);
    assertThat(tooLong).isEmpty();
  }

  private static void longLines(CommandLine command, List<String> tooLong) {
    int width = command.getCommandSpec().usageMessage().width();
    assertThat(width).as(command.getCommandName()).isEqualTo(RpcxBenchCommand.HELP_WIDTH);
    for (String line : command.getCommandSpec().usageMessage().description()) {
      for (String part : String.format(line).split("\\R")) {
        if (part.length() > width && !part.endsWith(".")) {
          tooLong.add(command.getCommandName() + ": " + part);
        }
      }
    }
    for (CommandLine sub : command.getSubcommands().values()) {
      longLines(sub, tooLong);
    }
  }

  /** The picocli warnings printed while rendering the help of this command and its subcommands. */
  static List<String> warningsOf(CommandLine command) {
    List<String> warnings = new ArrayList<>();
    PrintStream err = System.err;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      String help = command.getUsageMessage();
      assertThat(help).isNotBlank();
    } finally {
      System.setErr(err);
    }
    printed
        .toString(StandardCharsets.UTF_8)
        .lines()
        .filter(line -> line.contains("picocli WARN"))
        .map(line -> command.getCommandName() + ": " + line)
        .forEach(warnings::add);
    for (CommandLine sub : command.getSubcommands().values()) {
      warnings.addAll(warningsOf(sub));
    }
    return warnings;
  }
}
