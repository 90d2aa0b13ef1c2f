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
