package io.rpcxbench.harness;

import io.rpcxbench.api.ExitCode;
import java.io.IOException;
import java.util.List;
import picocli.CommandLine;

/** Entry point of {@code client-harness.jar}; the only place that calls {@code System.exit}. */
public final class HarnessMain {
  private HarnessMain() {}

  public static void main(String[] args) {
    if (args.length == 1 && args[0].equals(StdinArguments.OPTION)) {
      System.exit(startedAhead());
    }
    System.exit(HarnessCommand.commandLine().execute(args));
  }

  /**
   * A JVM started before its point: its command is built (its classes loaded) while it waits for
   * the point's arguments on its input.
   */
  private static int startedAhead() {
    CommandLine command = HarnessCommand.commandLine();
    List<String> args;
    try {
      args = StdinArguments.read(System.in);
    } catch (IOException e) {
      System.err.println("client-harness: " + e.getMessage());
      return ExitCode.USAGE.code();
    }
    return args.isEmpty() ? ExitCode.OK.code() : command.execute(args.toArray(new String[0]));
  }
}
