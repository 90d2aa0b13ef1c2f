package io.rpcxbench.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one rule of whether an open-loop point kept up with its offered rate (docs/load-models.md):
 * its slowest kept run achieved at least {@value #SHARE} of the target rate, and no call failed.
 * Dropped calls are never started, so they lower the achieved rate: more than 1 % of them fail a
 * point through it, while a handful (a 60 ms descheduling of the client on a busy 2-vCPU box drops
 * a few calls at 4,000/s) is reported beside the point without disqualifying it. The harness warns
 * after a run by it, the runner skips rates by it, the report marks points and knees by it.
 *
 * <pre>{@code
 * KeptUp.met(3950, 4000);                // false: 98.8 % of the target
 * KeptUp.why(4000, 3950, 12, 0);         // "achieved 98.8 % of the target, 12 calls dropped"
 * KeptUp.why(4000, 3990, 0, 0);          // null: it kept up
 * }</pre>
 */
public final class KeptUp {
  /** The share of the target rate below which a run did not keep up. */
  public static final double SHARE = 0.99;

  private KeptUp() {}

  /** Whether a run that achieved {@code achieved} calls/s kept up with {@code target} calls/s. */
  public static boolean met(double achieved, double target) {
    return !(achieved < SHARE * target);
  }

  /**
   * Why a point did not keep up, from its mean target rate, its slowest kept run's achieved rate,
   * the calls its kept runs dropped and those that failed: {@code "achieved 91.2 % of the target,
   * 12 calls dropped"}, {@code "3 calls failed"}; null when it kept up. Dropped calls are named
   * only beside a shortfall (alone they do not disqualify a point).
   */
  public static String why(double target, double achievedMin, long dropped, long errors) {
    List<String> why = new ArrayList<>();
    if (!met(achievedMin, target)) {
      why.add(
          String.format(Locale.ROOT, "achieved %.1f %% of the target", 100 * achievedMin / target));
      if (dropped > 0) {
        why.add(dropped + " calls dropped");
      }
    }
    if (errors > 0) {
      why.add(errors + " calls failed");
    }
    return why.isEmpty() ? null : String.join(", ", why);
  }
}
