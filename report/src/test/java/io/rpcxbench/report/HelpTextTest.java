package io.rpcxbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every report command's --help renders without picocli's format warning (a lone '%'). */
class HelpTextTest {
  @Test
  void everyCommandsHelpRendersWithoutAFormatWarning() {
    PrintStream err = System.err;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      CommandLine report = ReportCli.commandLine();
      report.getUsageMessage();
      report.getSubcommands().values().forEach(CommandLine::getUsageMessage);
    } finally {
      System.setErr(err);
    }
    assertThat(printed.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
  }
}
