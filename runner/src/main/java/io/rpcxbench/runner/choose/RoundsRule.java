package io.rpcxbench.runner.choose;

import io.rpcxbench.stats.RoundsDecision;
import io.rpcxbench.stats.Sequential;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * When {@code choose} stops adding rounds. After the planned rounds it adds one only while a pair
 * of candidates is undecided ({@link RoundsDecision}: neither different after Holm at the design's
 * level nor within {@link RoundsDecision#MARGIN}), up to the most rounds, as Pinpoint collects more
 * data only for an unknown; the design's one lower level ({@link Sequential}) keeps a false
 * difference at 5 % over all those looks. It stops before a round that would pass {@code maxTime}
 * (judged by the last round's length; {@link ChooseDeadline} also stops any probe that would pass
 * it), and without {@code maxTime} before extra rounds would take more than a quarter again the
 * planned rounds' time. With {@code precision}, from {@value
 * ChooseSettings#MIN_ROUNDS_FOR_PRECISION} rounds on, it stops once every capacity's 95 % Student t
 * interval is within that share of its mean.
 *
 * <pre>{@code
 * RoundsRule rule = new RoundsRule(new Sequential(5, 8), null, Duration.ofMinutes(30));
 * rule.stopBefore(5, capacities, elapsedMs, lastRoundMs, plannedMs);   // "decided", or null
 * }</pre>
 */
record RoundsRule(Sequential rounds, Double precision, Duration maxTime) {
  /** Extra rounds may take at most this share of the planned rounds' time (without maxTime). */
  static final double EXTRA_SHARE = 0.25;

  /**
   * Why no round {@code done + 1} should start, or null to go on; {@code plannedMs}: the time the
   * planned rounds took (their shared load included), 0 before they are done.
   */
  String stopBefore(
      int done,
      Map<String, List<Integer>> capacities,
      long elapsedMs,
      long lastRoundMs,
      long plannedMs) {
    if (done >= rounds.most()) {
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
    if (done >= rounds.planned() && precision == null) {
      if (!hasClaims(capacities.keySet())) {
        return "rounds"; // one protocol (an A/A pair): nothing to decide
      }
      if (undecided(capacities).isEmpty()) {
        return "decided";
      }
      if (maxTime == null && elapsedMs + lastRoundMs > plannedMs * (1 + EXTRA_SHARE)) {
        return "budget";
      }
    }
    return null;
  }

  /** Whether two of {@code candidates} are different (not only an A/A pair): a claim to test. */
  static boolean hasClaims(java.util.Collection<String> candidates) {
    return candidates.stream().map(c -> CandidateName.of(c).original()).distinct().count() > 1;
  }

  /** The pairs of different protocols the rounds so far leave undecided, in words. */
  List<String> undecided(Map<String, List<Integer>> capacities) {
    Map<String, List<Double>> tested = new LinkedHashMap<>();
    capacities.forEach((c, v) -> tested.put(c, RoundsDecision.tested(v)));
    return RoundsDecision.undecided(
        tested, RoundsDecision::isCheck, rounds.alpha(), RoundsDecision.MARGIN);
  }

  /** The stop's reason in words. */
  String explain(String why) {
    return switch (why) {
      case "precision" ->
          "every capacity's 95 % interval is within "
              + NumberText.compact(100 * precision)
              + " % of its mean";
      case "max-time" -> "another round would pass --max-time " + maxTime;
      case "decided" ->
          "every pair of candidates is decided (different after Holm at alpha "
              + io.rpcxbench.stats.Num.fixed(rounds.alpha(), 4)
              + ", or within "
              + NumberText.compact(100 * RoundsDecision.MARGIN)
              + " %)";
      case "budget" ->
          "another round would take the extra rounds past a quarter again the planned rounds' time"
              + " (--max-time sets a budget of its own)";
      default -> rounds.most() + " rounds done";
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
    double t = io.rpcxbench.stats.StudentT.quantile975(n - 1);
    return t * sd / Math.sqrt(n) / mean;
  }
}
