package io.rpcxbench.runner.compare;

import io.rpcxbench.harness.config.RunsOptions;
import io.rpcxbench.stats.Shift;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How many rounds and runs {@code compare} makes: {@code --rounds}, {@code --quick}, {@code
 * --max-rounds}, the runs of each harness JVM and those dropped, and the reruns of a JVM the
 * hypervisor stole from.
 */
final class CompareRoundOptions {
  /** --quick's rounds: the fewest report diff tests. */
  static final int QUICK_ROUNDS = Shift.MIN_PER_SIDE;

  @Option(
      names = "--rounds",
      paramLabel = "N",
      description = "Rounds per point (default 3; with --base-jar 6, the trials a side to test).")
  Integer rounds;

  @Option(
      names = "--quick",
      description =
          "With --base-jar/--new-jar: a first look in about two minutes, one point (1 thread)"
              + " in "
              + QUICK_ROUNDS
              + " rounds of 3 runs of 1 s after a 1 s warm-up, no rounds added (each of these"
              + " given explicitly wins). The same test at the same 5 %% false-positive rate, with"
              + " less power: it finds only large changes, and its INCONCLUSIVE or \"no"
              + " significant change\" says little; the pre-run lines say how little here.")
  boolean quick;

  @Option(
      names = "--max-rounds",
      paramLabel = "N",
      description =
          "With --base-jar and a --threshold: while a gate is undecided, add a round at a time up"
              + " to N (default --rounds + 4); every look is made at the one lower level that"
              + " keeps a false difference at 5 %% (report diff --sequential).")
  Integer maxRounds;

  /** Compare's method: 4 runs a harness JVM, 3 with --quick. */
  static final int RUNS = 4;

  static final int QUICK_RUNS = 3;

  /** --runs: the harness's group. */
  @Mixin RunsOptions runsOption = new RunsOptions();

  @Option(
      names = "--warmup-runs",
      paramLabel = "N",
      defaultValue = "1",
      description = "First runs of each JVM dropped (default ${DEFAULT-VALUE}).")
  int warmupRuns;

  @Option(
      names = "--max-steal",
      paramLabel = "PCT",
      defaultValue = "5",
      description = "Steal above this %% reruns a JVM (default ${DEFAULT-VALUE}).")
  int maxSteal;

  @Option(
      names = "--retries",
      paramLabel = "N",
      defaultValue = "2",
      description = "Reruns at most (default ${DEFAULT-VALUE}; 0: steal only reported).")
  int retries;

  /**
   * --quick's rounds where {@code given} does not name its own: {@value #QUICK_ROUNDS} rounds, none
   * added when {@code gated} (its runs: {@link #runs()}).
   */
  void applyQuick(CommandLine.ParseResult given, boolean gated) {
    if (!given.hasMatchedOption("--rounds")) {
      rounds = QUICK_ROUNDS;
    }
    if (!given.hasMatchedOption("--max-rounds") && gated) {
      maxRounds = roundsOr(QUICK_ROUNDS);
    }
  }

  /** The runs of each harness JVM: --runs, else the method's (4, with --quick 3). */
  int runs() {
    return runsOption.or(quick ? QUICK_RUNS : RUNS);
  }

  /** --rounds, else {@code otherwise} (the mode's default). */
  int roundsOr(int otherwise) {
    return rounds == null ? otherwise : rounds;
  }

  /** Says on {@code err} when two builds get fewer rounds than the report's test needs. */
  void warnFewRounds(PrintWriter err) {
    if (rounds != null && rounds < Shift.MIN_PER_SIDE) {
      err.println(
          "rpcx-bench compare: --rounds "
              + rounds
              + " gives "
              + rounds
              + " trials a side; report diff tests from "
              + Shift.MIN_PER_SIDE
              + " (6 is the default)");
    }
  }

  /**
   * The rounds at most: with two builds and a gate ({@code gated}), --max-rounds or 4 more than
   * planned (from 10 rounds the test pairs by round); otherwise the planned ones.
   */
  int mostRounds(int planned, boolean gated) {
    if (!gated) {
      if (maxRounds != null) {
        throw new IllegalArgumentException(
            "--max-rounds: rounds are added only while a gate of --base-jar/--new-jar is"
                + " undecided (give --threshold)");
      }
      return planned;
    }
    int most = maxRounds == null ? planned + 4 : maxRounds;
    if (most < planned) {
      throw new IllegalArgumentException(
          "--max-rounds " + most + " is below --rounds " + planned + ": give at least as many");
    }
    return most;
  }
}
