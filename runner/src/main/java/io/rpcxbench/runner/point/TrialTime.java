package io.rpcxbench.runner.point;

import io.rpcxbench.harness.config.WarmupPlan;
import java.time.Duration;

/**
 * What a trial takes here, expected before it runs: fresh server and client JVMs, a warm-up and the
 * runs of a time each (a run of a count of calls has no length before it runs). {@code compare},
 * {@code calibrate}, {@code choose} and {@code sweep --trials} say their time before any work from
 * it.
 *
 * <pre>{@code
 * TrialTime.seconds(TrialTime.warmupS(WarmupPlan.steady(ofSeconds(1), ofSeconds(30))), 4,
 *     Duration.ofSeconds(2));   // 5 + 12 + 8 = 25
 * TrialTime.minutes(25 * 12);   // "5 min"
 * }</pre>
 */
public final class TrialTime {
  /** A trial's time besides its warm-up and runs: JVM starts, the ready line, the stop (here). */
  public static final int OVERHEAD_S = 5;

  /** What a steady warm-up took here in the median when its cap allows (docs/report.md). */
  public static final int STEADY_WARMUP_S = 12;

  private TrialTime() {}

  /** A trial of {@code runs} runs of {@code run} each after a warm-up of {@code warmupS}. */
  public static int seconds(long warmupS, int runs, Duration run) {
    return (int) (OVERHEAD_S + warmupS + Math.ceil(runs * run.toMillis() / 1000.0));
  }

  /** What {@code warmup} takes, expected: a steady one up to its cap, a fixed one its length. */
  public static long warmupS(WarmupPlan warmup) {
    return warmup.steady() != null ? Math.min(warmup.mostS(), STEADY_WARMUP_S) : warmup.mostS();
  }

  /** {@code 45 s} below a minute and a half, else {@code 5 min}. */
  public static String minutes(long seconds) {
    return seconds < 90 ? seconds + " s" : Math.round(seconds / 60.0) + " min";
  }
}
