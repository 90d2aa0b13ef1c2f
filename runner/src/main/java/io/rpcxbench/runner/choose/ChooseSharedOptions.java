package io.rpcxbench.runner.choose;

import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The shared load every candidate is measured at after its search: a share of the lowest capacity
 * or a rate, and its runs.
 */
final class ChooseSharedOptions {
  @Option(
      names = "--shared-load",
      defaultValue = "0.5",
      paramLabel = "SHARE",
      description =
          "The shared load: this share of the lowest capacity (default ${DEFAULT-VALUE}).")
  String sharedLoad;

  @Option(
      names = "--shared-rate",
      paramLabel = "CALLS/S",
      description = "The shared load's rate instead.")
  Integer sharedRate;

  @Option(
      names = "--shared-runs",
      defaultValue = "3",
      paramLabel = "N",
      description =
          "Runs per round at the shared load, the first left out (default ${DEFAULT-VALUE}).")
  int sharedRuns;

  /** --quick's shared load where {@code given} names none: 2 runs. */
  void applyQuick(CommandLine.ParseResult given) {
    if (!given.hasMatchedOption("--shared-runs")) {
      sharedRuns = 2;
    }
  }

  /** --shared-load as a share. */
  double fraction() {
    return ChooseValues.sharedLoad(sharedLoad);
  }
}
