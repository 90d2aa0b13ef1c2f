package io.rpcxbench.report.gc;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The options of phase 1's shape that size and next share. */
final class PhaseOneOptions {
  @Option(
      names = "--seconds",
      required = true,
      paramLabel = "S",
      description = "Phase 1's length aimed at (the script's --seconds).")
  int seconds;

  @Option(names = "--runs", required = true, paramLabel = "K", description = "Runs per harness.")
  int runs;

  @Option(
      names = "--threads",
      required = true,
      paramLabel = "T",
      description = "Client threads per run.")
  int threads;

  /** The plan; a count below 1 is bad usage. */
  PhaseOnePlan plan(CommandSpec spec) {
    if (seconds < 1 || runs < 1 || threads < 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--seconds, --runs and --threads must be at least 1");
    }
    return new PhaseOnePlan(seconds, runs, threads);
  }
}
