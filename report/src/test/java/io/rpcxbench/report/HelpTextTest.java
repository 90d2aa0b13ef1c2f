package io.rpcxbench.report;

import static org.assertj.core.api.Assertions.assertThat;

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

  /** One exit-code list (bench-api's ExitCode) in every report command's --help. */
  @Test
  void everyHelpShowsTheOneExitCodeList() {
    java.util.List<String> without = new java.util.ArrayList<>();
    withoutExitCodes(ReportCli.commandLine(), without);
    assertThat(without).isEmpty();
  }

  private static void withoutExitCodes(CommandLine command, java.util.List<String> without) {
    String help = command.getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s+", " ");
    for (io.rpcxbench.api.ExitCode e : io.rpcxbench.api.ExitCode.values()) {
      if (!help.contains("Exit codes:") || !help.contains(e.meaning())) {
        without.add(command.getCommandSpec().qualifiedName() + ": no " + e);
        break;
      }
    }
    command.getSubcommands().values().forEach(sub -> withoutExitCodes(sub, without));
  }

  /** The command's usage and its subcommands', theirs too (gc-check window, ...). */
  private static void render(CommandLine command) {
    command.getUsageMessage();
    command.getSubcommands().values().forEach(HelpTextTest::render);
  }
}
