package io.rpcxbench.harness.runner;

import static org.assertj.core.api.Assertions.assertThat;

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

  /** One exit-code list (bench-api's ExitCode) in every command's --help, sub-commands included. */
  @Test
  void everyHelpShowsTheOneExitCodeList() {
    List<String> without = new ArrayList<>();
    withoutExitCodes(RpcxBenchCommand.commandLine(), without);
    withoutExitCodes(HarnessCommand.commandLine(), without);
    assertThat(without).isEmpty();
  }

  private static void withoutExitCodes(CommandLine command, List<String> without) {
    String help = command.getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
    for (io.rpcxbench.api.ExitCode e : io.rpcxbench.api.ExitCode.values()) {
      if (!help.contains("Exit codes:") || !help.contains(e.meaning())) {
        without.add(command.getCommandSpec().qualifiedName() + ": no " + e);
        break;
      }
    }
    command.getSubcommands().values().forEach(sub -> withoutExitCodes(sub, without));
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
