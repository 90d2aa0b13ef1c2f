package io.rpcxbench.runner.choose;

import io.rpcxbench.stats.Sequential;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * How many rounds {@code choose} makes: {@code --rounds}, the rounds added while a pair is
 * undecided ({@code --max-rounds}) or the stop at a {@code --precision}; --quick's values for them,
 * and the sequential design they give.
 */
final class ChooseRoundOptions {
  /** Rounds without --rounds or --precision: enough for a test between two candidates. */
  static final int DEFAULT_ROUNDS = 5;

  /** Rounds that may be added after the planned ones without --max-rounds. */
  static final int EXTRA_ROUNDS = 3;

  @Option(
      names = "--rounds",
      paramLabel = "N",
      description =
          "Rounds, each a trial searched afresh from its own start (default 5; with --precision,"
              + " at most 10).")
  Integer rounds;

  @Option(
      names = "--max-rounds",
      paramLabel = "N",
      description =
          "After --rounds, add a round only while a pair of candidates is undecided, up to N"
              + " (default --rounds + 3; --rounds's value: never). Every look is tested at one"
              + " lower level so a false difference stays at 5 %%.")
  Integer maxRounds;

  @Option(
      names = "--precision",
      paramLabel = "SHARE",
      description = "Stop once every capacity's 95 %% interval is within this share, e.g. 5%%.")
  String precision;

  /** --quick's rounds where {@code given} names none (nor --precision): the fewest that rank. */
  void applyQuick(CommandLine.ParseResult given) {
    if (!given.hasMatchedOption("--rounds") && !given.hasMatchedOption("--precision")) {
      rounds = ChooseSettings.MIN_ROUNDS_FOR_PRECISION;
    }
    if (!given.hasMatchedOption("--max-rounds") && !given.hasMatchedOption("--precision")) {
      maxRounds = rounds != null ? rounds : ChooseSettings.MIN_ROUNDS_FOR_PRECISION;
    }
  }

  /** --precision as a share; null without. */
  Double precisionShare() {
    return precision == null ? null : ChooseValues.share("--precision", precision);
  }

  /**
   * The rounds planned: --rounds, else 10 with a {@code precisionShare}, else {@value
   * #DEFAULT_ROUNDS}.
   */
  int planned(Double precisionShare) {
    return rounds != null ? rounds : precisionShare != null ? 10 : DEFAULT_ROUNDS;
  }

  /** Refuses a --max-rounds below the {@code planned} rounds, or given with --precision. */
  void checkMaxRounds(int planned, Double precisionShare) {
    if ((maxRounds != null && precisionShare != null)
        || (maxRounds != null && maxRounds < planned)) {
      throw new IllegalArgumentException(
          "--max-rounds must be at least --rounds (" + planned + "), and not with --precision");
    }
  }

  /**
   * The design: the {@code planned} rounds fixed with --precision, else up to --max-rounds (or
   * {@value #EXTRA_ROUNDS} more) while a pair is undecided.
   */
  Sequential design(int planned, Double precisionShare) {
    return precisionShare != null
        ? Sequential.fixed(planned)
        : new Sequential(planned, maxRounds != null ? maxRounds : planned + EXTRA_ROUNDS);
  }
}
