package io.rpcxbench.harness.runner;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * When {@code choose} stops adding rounds, as Lancet runs until its interval is narrow: after
 * {@code maxRounds}; before a round that would pass {@code maxTime} (judged by the last round's
 * length; {@link ChooseDeadline} also stops any probe that would pass it); or, from {@value
 * ChooseSettings#MIN_ROUNDS_FOR_PRECISION} rounds on (never before: fewer rounds cannot be tested),
 * once every candidate's capacity has a 95 % Student t interval whose half-width is within {@code
 * precision} of its mean (the report's estimator for capacity, so the stop and the page agree).
 *
 * <pre>{@code
 * RoundsRule rule = new RoundsRule(10, 0.05, Duration.ofMinutes(30));
 * rule.stopBefore(3, capacities, elapsedMs, lastRoundMs);   // "precision", "max-time" or null
 * }</pre>
 */
record RoundsRule(int maxRounds, Double precision, Duration maxTime) {
  /** Why no round {@code done + 1} should start, or null to go on. */
  String stopBefore(
      int done, Map<String, List<Integer>> capacities, long elapsedMs, long lastRoundMs) {
    if (done >= maxRounds) {
      return "rounds";
    }
    if (precision != null
        && done >= ChooseSettings.MIN_ROUNDS_FOR_PRECISION
        && capacities.values().stream().allMatch(c -> relativeHalfWidth(c) <= precision)) {
      return "precision";
    }
    if (maxTime != null && elapsedMs + lastRoundMs > maxTime.toMillis()) {
      return "max-time";
    }
    return null;
  }

  /** The stop's reason in words. */
  String explain(String why) {
    return switch (why) {
      case "precision" ->
          "every capacity's 95 % interval is within "
              + Num.compact(100 * precision)
              + " % of its mean";
      case "max-time" -> "another round would pass --max-time " + maxTime;
      default -> maxRounds + " rounds done";
    };
  }

  /**
   * The half-width of the 95 % t interval of {@code values}' mean over that mean; 0 for a candidate
   * that met the SLO nowhere (all zero: more rounds will not change it), infinite below two values.
   */
  static double relativeHalfWidth(List<Integer> values) {
    int n = values.size();
    if (n < 2) {
      return Double.POSITIVE_INFINITY;
    }
    double mean = values.stream().mapToDouble(Integer::doubleValue).average().orElse(0);
    if (mean == 0) {
      return 0;
    }
    double ss = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
    double sd = Math.sqrt(ss / (n - 1));
    double t = TDistribution.of(n - 1).inverseCumulativeProbability(0.975);
    return t * sd / Math.sqrt(n) / mean;
  }
}
