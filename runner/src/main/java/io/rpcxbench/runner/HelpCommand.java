package io.rpcxbench.runner;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.api.ExitCodes;
import io.rpcxbench.runner.point.CommandVersion;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rpcx-bench help [COMMAND|exit-codes]}: rpcx-bench's help, a command's, or the one list of
 * exit codes that every other help only points to.
 */
@Command(
    name = "help",
    helpCommand = true,
    mixinStandardHelpOptions = true,
    versionProvider = CommandVersion.class,
    header = "Help on a command, or every exit code: rpcx-bench help exit-codes.",
    description = {
      "Help on rpcx-bench, on one of its commands (the same as COMMAND --help), or the exit codes",
      "every command shares (exit-codes).",
      "Example: rpcx-bench help exit-codes"
    })
final class HelpCommand implements Callable<Integer> {
  /** The topic that prints the exit codes. */
  static final String EXIT_CODES = "exit-codes";

  @Spec CommandSpec spec;

  @Parameters(
      arity = "0..1",
      paramLabel = "TOPIC",
      description = "A command (sweep, run, ...), or exit-codes.")
  String topic;

  @Override
  public Integer call() {
    CommandLine parent = spec.commandLine().getParent();
    PrintWriter out = spec.commandLine().getOut();
    if (topic == null) {
      parent.usage(out);
    } else if (topic.equals(EXIT_CODES)) {
      out.println("Exit codes of rpcx-bench, its commands and every jar of the project:");
      out.print(ExitCodes.list());
    } else {
      CommandLine command = parent.getSubcommands().get(topic);
      if (command == null) {
        List<String> topics =
            parent.getSubcommands().entrySet().stream()
                .filter(e -> !e.getValue().getCommandSpec().usageMessage().hidden())
                .map(java.util.Map.Entry::getKey)
                .filter(name -> !name.equals(spec.name()))
                .toList();
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            "no help on '"
                + topic
                + "': give "
                + EXIT_CODES
                + " or a command ("
                + String.join(", ", topics)
                + ")");
      }
      command.usage(out);
    }
    out.flush();
    return ExitCode.OK.code();
  }
}
