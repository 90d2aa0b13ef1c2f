package io.rpcxbench.runner.choose;

import io.rpcxbench.harness.config.WarmupPlan;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * How {@code choose} searches each candidate's SLO capacity: where a round's search starts, its
 * floor and ceiling, how close pass and failure must come, and each probe's measured run.
 */
final class ChooseSearchOptions {
  @Option(
      names = "--resolution",
      defaultValue = "10%",
      paramLabel = "SHARE",
      description =
          "The search stops when pass and failure are this close (default ${DEFAULT-VALUE}).")
  String resolution;

  @Option(
      names = "--start-rate",
      defaultValue = "auto",
      paramLabel = "CALLS/S|auto",
      description =
          "Where every round's search starts, doubling or halving; auto (the default): half of"
              + " that round's own closed-loop warm-up rate (1000 without a warm-up).")
  String startRate;

  @Option(
      names = "--min-rate",
      defaultValue = "10",
      paramLabel = "CALLS/S",
      description = "Default ${DEFAULT-VALUE}.")
  int minRate;

  @Option(
      names = "--max-rate",
      defaultValue = "1000000",
      paramLabel = "CALLS/S",
      description = "The search's ceiling (default ${DEFAULT-VALUE}).")
  int maxRate;

  @Option(
      names = "--probe-duration",
      defaultValue = "3s",
      paramLabel = "DURATION",
      description =
          "Each probe's measured run, after its steady warm-up (default ${DEFAULT-VALUE}).")
  String probeDuration;

  @Option(
      names = "--probe-warmup",
      defaultValue = "steady",
      paramLabel = "steady|DURATION",
      description =
          "Each probe's warm-up at its rate, where probes run in the runner's JVM after the"
              + " candidate's closed-loop warm-up: steady (1 s iterations until two agree, the"
              + " default, also under --quick) or a fixed DURATION (500ms made a quick choose"
              + " faster here, and its capacities 2-5x lower: docs/choose.md).")
  String probeWarmup;

  /** --quick's search where {@code given} names none: 1 s probes, a 25 % resolution. */
  void applyQuick(CommandLine.ParseResult given) {
    if (!given.hasMatchedOption("--probe-duration")) {
      probeDuration = "1s";
    }
    if (!given.hasMatchedOption("--resolution")) {
      resolution = "25%";
    }
  }

  /** The search between --min-rate and --max-rate to --resolution. */
  CapacitySearch search() {
    return new CapacitySearch(minRate, maxRate, ChooseValues.share("--resolution", resolution));
  }

  /** --start-rate: null for auto. */
  Integer start() {
    return ChooseValues.startRate(startRate);
  }

  /**
   * --probe-warmup: {@link ChooseTiming#WARMUP} for steady, else a fixed warm-up of that length.
   */
  WarmupPlan probeWarmup() {
    return ChooseValues.probeWarmup(probeWarmup);
  }

  /** --probe-duration in seconds. */
  int probeS() {
    return ChooseValues.seconds("--probe-duration", probeDuration);
  }
}
