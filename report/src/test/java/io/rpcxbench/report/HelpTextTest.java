package io.rpcxbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.api.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every report command's --help, and every subcommand's, renders without picocli's format warning
 * (a lone '%').
 */
class HelpTextTest {
  @Test
  void everyCommandsHelpRendersWithoutAFormatWarning() {
    PrintStream err = System.err;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      render(ReportCli.commandLine());
    } finally {
      System.setErr(err);
    }
    assertThat(printed.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
  }

  /** Every report command's --help points to the one exit-code list in one line, not the list. */
  @Test
  void everyHelpPointsToTheOneExitCodeList() {
    java.util.List<String> wrong = new java.util.ArrayList<>();
    exitCodeLines(ReportCli.commandLine(), wrong);
    assertThat(wrong).isEmpty();
  }

  private static void exitCodeLines(CommandLine command, java.util.List<String> wrong) {
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

  /** Every help text whole: no option or parameter shown without a description. */
  @Test
  void everyOptionAndParameterHasADescription() {
    java.util.List<String> missing = new java.util.ArrayList<>();
    undescribed(ReportCli.commandLine(), missing);
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
    assertThat(usageError("shw")).startsWith("error: unknown command 'shw'; did you mean show?");
    assertThat(usageError("show", "--cleand", "x.csv"))
        .startsWith("error: unknown option '--cleand'; did you mean --cleaned?");
  }

  private static String usageError(String... args) {
    java.io.StringWriter err = new java.io.StringWriter();
    CommandLine cl = ReportCli.commandLine();
    cl.setErr(new java.io.PrintWriter(err));
    assertThat(cl.execute(args)).isEqualTo(2);
    return err.toString();
  }

  /** The command's usage and its subcommands', theirs too (gc-check window, ...). */
  private static void render(CommandLine command) {
    command.getUsageMessage();
    command.getSubcommands().values().forEach(HelpTextTest::render);
  }
}
