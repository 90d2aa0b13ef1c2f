package io.rpcxbench.runner.choose;

import io.rpcxbench.runner.point.Install;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/** A choose's settings as its command checks them from a command line, with --out given. */
final class ChooseArgs {
  private ChooseArgs() {}

  static ChooseSettings settings(Path out, String... args) {
    ChooseCommand command = new ChooseCommand(Install.fromEnvironment());
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--out", out.toString()));
    new CommandLine(command).parseArgs(all.toArray(new String[0]));
    return command.settings();
  }
}
