package io.rpcxbench.runner.choose;

import io.rpcxbench.harness.config.WarmupPlan;
import java.time.Duration;
import java.util.Locale;

/**
 * How long {@code choose}'s points take and may take, all derived from each point's own length: its
 * harness's {@code --time-limit} (a probe at a low rate runs up to {@value Choose#MAX_PROBE_S} s,
 * and one limit for all of them, made from {@code --probe-duration}, cut those probes before they
 * ended), the length {@code --max-time} expects of it, and the whole plan's expected length.
 *
 * <pre>{@code
 * ChooseTiming.limitS(Choose.probeSeconds(20, 2), 1);   // 100: 60 s of calls, warm-up, margin
 * ChooseTiming.planLine(settings);   // "plan: 5 rounds x 2 candidates x about 9 probes ..."
 * }</pre>
 */
final class ChooseTiming {
  /** The steady warm-up's most ({@code --warmup-max}), before every point's runs. */
  static final int WARMUP_MAX_S = 10;

  /** Every point's warm-up: steady, iterations of 1 s, at most {@link #WARMUP_MAX_S}. */
  static final WarmupPlan WARMUP =
      WarmupPlan.steady(Duration.ofSeconds(1), Duration.ofSeconds(WARMUP_MAX_S));

  /** A point's time outside its warm-up and runs (JVM, connecting, the file), expected. */
  static final int START_S = 2;

  /**
   * The steady warm-up's usual length (two iterations of 1 s that agree): what a plan expects,
   * where a limit allows {@link #WARMUP_MAX_S}. Expecting the most made the plan of a default
   * choose 1h 06m for a run of 34 minutes.
   */
  static final int EXPECTED_WARMUP_S = 2;

  /**
   * The warm-up's usual length in a fresh JVM ({@code --warmup-in-flight}): its calls/s climb as
   * the code compiles, so more iterations before two agree (3-10 of 1 s through the lab's lan link:
   * thrift 3, rpcx 5-7, http-json 6-9, grpc-tuned 10), then about 2 at the probe's own rate.
   */
  static final int EXPECTED_FRESH_WARMUP_S = 9;

  /** What a point's limit allows beyond its warm-up and runs: a slow JVM start or box. */
  static final int MARGIN_S = 30;

  /** Expected probes of a search beyond the bisection: the steps from a fixed start rate. */
  private static final int STEPS = 4;

  /** The steps from an auto start (a share of the round's own closed-loop rate), expected. */
  private static final int AUTO_STEPS = 2;

  private ChooseTiming() {}

  /** A point's {@code --time-limit}: {@code runs} runs of {@code seconds}, warm-up and margin. */
  static int limitS(int seconds, int runs) {
    return seconds * runs + WARMUP_MAX_S + MARGIN_S;
  }

  /**
   * The time a point of {@code runs} runs of {@code seconds} after a warm-up of {@code warmupS} is
   * expected to take.
   */
  static long expectedMs(int seconds, int runs, int warmupS) {
    return 1000L * (seconds * (long) runs + warmupS + START_S);
  }

  /**
   * A point's expected warm-up under {@code s}: longer where each is a fresh JVM; the short one
   * without a target (settings that run nothing themselves).
   */
  static int warmupS(ChooseSettings s) {
    return s.target() == null || ChooseProbes.warmsUp(s)
        ? EXPECTED_WARMUP_S
        : EXPECTED_FRESH_WARMUP_S;
  }

  /** The time a point of {@code s} of {@code runs} runs of {@code seconds} is expected to take. */
  static long pointMs(ChooseSettings s, int seconds, int runs) {
    return expectedMs(seconds, runs, warmupS(s));
  }

  /**
   * The time a probe of {@code s} at {@code rate} is expected to take: with {@code
   * --probe-warmup}'s fixed warm-up where probes run in the runner's JVM.
   */
  static long probeMs(ChooseSettings s, int rate) {
    int seconds = Choose.probeSeconds(rate, s.probeS());
    WarmupPlan probe = s.probeWarmup();
    if (s.target() == null || !ChooseProbes.warmsUp(s) || probe.steady() != null) {
      return pointMs(s, seconds, 1);
    }
    return 1000L * (seconds + START_S) + probe.fixed().toMillis();
  }

  /** The time the closed-loop warm-up before a candidate's search is expected to take. */
  static long warmUpMs() {
    return expectedMs(1, 1, EXPECTED_WARMUP_S);
  }

  /** The longest limit any point of {@code s} gets: the launcher's backstop covers it. */
  static int longestLimitS(int probeS, int sharedRuns) {
    return limitS(Math.max(probeS, Choose.MAX_PROBE_S), Math.max(1, sharedRuns));
  }

  /**
   * A rough count of one search's probes: a few steps from the start rate (fewer when a bound is
   * near), then the bisection of a bracket of at most {@link CapacitySearch#FACTOR} down to the
   * resolution.
   */
  static int probesPerSearch(CapacitySearch search, Integer startRate) {
    int steps;
    if (startRate == null) {
      steps = 1 + AUTO_STEPS;
    } else {
      double up = Math.log((double) search.maxRate() / startRate) / Math.log(CapacitySearch.FACTOR);
      double down =
          Math.log((double) startRate / search.minRate()) / Math.log(CapacitySearch.FACTOR);
      steps = 1 + (int) Math.min(STEPS, Math.ceil(Math.max(0, Math.max(up, down))));
    }
    double bracket = Math.min(CapacitySearch.FACTOR, (double) search.maxRate() / search.minRate());
    double halvings = Math.log(Math.log(bracket) / Math.log(1 + search.resolution())) / Math.log(2);
    return steps + (int) Math.max(0, Math.ceil(halvings));
  }

  /** The rounds, the probes and the shared load of {@code s}: their expected length. */
  static long expectedMs(ChooseSettings s, boolean warmUps) {
    int searches = s.rounds().planned() * s.candidates().size();
    long search =
        probesPerSearch(s.search(), s.startRate()) * probeMs(s, startGuess(s))
            + (warmUps ? warmUpMs() : 0);
    return searches * (search + sharedMs(s, sharedRateGuess(s)));
  }

  /** One candidate's shared-load point at {@code rate}: its expected length. */
  static long sharedMs(ChooseSettings s, int rate) {
    return pointMs(s, Choose.probeSeconds(rate, s.probeS()), s.sharedRuns());
  }

  /** The shared load's rate before the capacities are known: the given one, or the start. */
  static int sharedRateGuess(ChooseSettings s) {
    return s.sharedRate() != null ? s.sharedRate() : startGuess(s);
  }

  /** Where the searches start, before any warm-up: the given rate, or the fallback's. */
  private static int startGuess(ChooseSettings s) {
    return s.startRate() != null ? s.startRate() : ChooseSettings.FALLBACK_START;
  }

  /** The plan in one line, with its expected length. */
  static String planLine(ChooseSettings s, boolean warmUps) {
    return String.format(
            Locale.ROOT,
            "plan: %s x %d candidates x about %d probes of about %d s (their warm-up"
                + " included)%s, then the shared load: %d runs of %d s per round and candidate;"
                + " expected about %s",
            roundsText(s),
            s.candidates().size(),
            probesPerSearch(s.search(), s.startRate()),
            probeMs(s, startGuess(s)) / 1000,
            warmUps ? " and a warm-up per candidate and round" : "",
            s.sharedRuns(),
            Choose.probeSeconds(sharedRateGuess(s), s.probeS()),
            minutes(expectedMs(s, warmUps)))
        + (s.rounds().adds()
            ? " for the planned rounds (more only while a pair is undecided, within --max-time or"
                + " a quarter again the planned rounds' time)"
            : "");
  }

  /** {@code 5 rounds}, {@code 5 rounds (up to 8 while a pair is undecided)}. */
  static String roundsText(ChooseSettings s) {
    int planned = s.rounds().planned();
    return planned
        + (planned == 1 ? " round" : " rounds")
        + (s.rounds().adds() ? " (up to " + s.rounds().most() + " while a pair is undecided)" : "");
  }

  /** {@code 27m}, {@code 1h 05m}: at least one minute. */
  static String minutes(long ms) {
    long m = Math.max(1, Math.round(ms / 60_000.0));
    return m < 60 ? m + "m" : String.format(Locale.ROOT, "%dh %02dm", m / 60, m % 60);
  }
}
