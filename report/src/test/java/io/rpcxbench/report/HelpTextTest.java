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

  /** The command's usage and its subcommands', theirs too (gc-check window, ...). */
  private static void render(CommandLine command) {
    command.getUsageMessage();
    command.getSubcommands().values().forEach(HelpTextTest::render);
  }
}
