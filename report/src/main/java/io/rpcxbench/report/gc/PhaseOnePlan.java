package io.rpcxbench.report.gc;

/**
 * How bench/gc-check.sh's phase 1 fills its window: harness JVMs one after another, each of {@code
 * runs} runs at {@code threads} threads, sized from the call rate measured so far to fill the time
 * left, until the server's uptime window reaches {@code seconds} less 2 s (or {@link
 * #MAX_HARNESSES} harness JVMs have run). Rates and the time left pass through awk's {@code print}
 * format, as in the script before, so the sizes come out the same.
 *
 * <pre>{@code
 * PhaseOnePlan plan = new PhaseOnePlan(60, 6, 64);
 * long r = plan.callsPerThread(61234.5, 60);   // 9567 calls per thread per run
 * }</pre>
 */
final class PhaseOnePlan {
  static final int MAX_HARNESSES = 10;
  static final long MIN_CALLS_PER_THREAD = 10;

  /** The window stops this far short of {@code seconds}: the next harness JVM would overshoot. */
  private static final double SLACK_SECONDS = 2;

  private final int seconds;
  private final int runs;
  private final int threads;

  PhaseOnePlan(int seconds, int runs, int threads) {
    this.seconds = seconds;
    this.runs = runs;
    this.threads = threads;
  }

  /**
   * Calls per thread per run that fill {@code secondsLeft} at {@code rate} calls/s, at least 10.
   */
  long callsPerThread(double rate, double secondsLeft) {
    long r = (long) (rate * secondsLeft / runs / threads);
    return Math.max(MIN_CALLS_PER_THREAD, r);
  }

  /** Calls per thread per run for the whole window ({@code seconds}). */
  long callsPerThread(double rate) {
    return callsPerThread(rate, seconds);
  }

  /**
   * The rate to size the next harness from: {@code calls} over the harness's own uptime span, or
   * {@code previous} (as given) when it made no call or took no time.
   */
  static String nextRate(String previous, long calls, double harnessFrom, double harnessTo) {
    return calls > 0 && harnessTo > harnessFrom
        ? AwkNumbers.printed(calls / (harnessTo - harnessFrom))
        : previous;
  }

  /** Whether another harness runs in the window {@code [from, to]} after {@code harnesses}. */
  boolean wantsMore(double from, double to, int harnesses) {
    return to - from < seconds - SLACK_SECONDS && harnesses < MAX_HARNESSES;
  }

  /** Calls per thread per run for what is left of the window after {@code [from, to]}. */
  long callsPerThreadLeft(double rate, double from, double to) {
    double left = Double.parseDouble(AwkNumbers.printed(seconds - (to - from)));
    return callsPerThread(rate, left);
  }
}
