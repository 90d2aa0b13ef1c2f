package io.rpcxbench.verdict.choose;

import io.rpcxbench.stats.Calibration;
import io.rpcxbench.stats.CapacityModel;
import io.rpcxbench.stats.Estimate;
import io.rpcxbench.stats.RoundsDecision;
import io.rpcxbench.stats.Threshold;
import io.rpcxbench.verdict.significance.PairTest;
import io.rpcxbench.verdict.significance.Significance;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The judgement of a {@code rpcx-bench choose} folder: the candidates ranked by SLO capacity (a
 * candidate whose capacity does not differ significantly from its group's leader shares its rank,
 * {@code =2}), every pair's capacity test and SLO-percentile test at the shared load ({@link
 * Significance}: Holm-Bonferroni over each table, an A/A pair as a check outside it when a protocol
 * was measured twice), and the thresholds applied to the winner. {@link ChooseVerdict} puts it in
 * words.
 *
 * <pre>{@code
 * Scorecard s = Scorecard.of(settings, candidates, thresholds);
 * s.ranking().get(0).rankText();   // "1", or "=1" when the top two tie
 * s.passed();                      // false when a threshold failed (exit 99)
 * }</pre>
 */
public final class Scorecard {
  /**
   * A candidate's place: {@code rank} shared with others when {@code shared} (not different from
   * its group's leader): {@code =} when equivalent (the interval within {@link
   * RoundsDecision#MARGIN} either way), {@code ?} ({@code untested}) when the rounds cannot tell:
   * too few to test, or an interval neither beyond 1 nor within the margin.
   */
  public record Ranked(ChooseCandidate candidate, int rank, boolean shared, boolean untested) {
    public String rankText() {
      return (untested ? "?" : shared ? "=" : "") + rank;
    }
  }

  public final ChooseRecord settings;
  public final List<ChooseCandidate> candidates;
  public final List<Ranked> ranking;
  public final List<PairTest> capacityPairs;
  public final List<PairTest> latencyPairs;
  public final List<Threshold.Check> checks;
  private final Calibration calibration;
  public final Map<String, CapacityModel.Fit> models;
  public final Map<String, List<ProbeRows.Row>> probes;

  private Scorecard(
      ChooseRecord settings,
      List<ChooseCandidate> candidates,
      List<Ranked> ranking,
      List<PairTest> capacityPairs,
      List<PairTest> latencyPairs,
      List<Threshold.Check> checks,
      Calibration calibration,
      Map<String, CapacityModel.Fit> models,
      Map<String, List<ProbeRows.Row>> probes) {
    this.calibration = calibration;
    this.models = models;
    this.probes = probes;
    this.settings = settings;
    this.candidates = candidates;
    this.ranking = ranking;
    this.capacityPairs = capacityPairs;
    this.latencyPairs = latencyPairs;
    this.checks = checks;
  }

  /** {@code candidates} in the order given; {@code thresholds} for the winner. */
  public static Scorecard of(
      ChooseRecord settings, List<ChooseCandidate> candidates, List<Threshold> thresholds) {
    return of(settings, candidates, thresholds, null, Map.of());
  }

  /**
   * As the three-argument form, with this machine's calibration (null: none) and each candidate's
   * probes (the capacity model is fitted once, here).
   */
  public static Scorecard of(
      ChooseRecord settings,
      List<ChooseCandidate> candidates,
      List<Threshold> thresholds,
      Calibration calibration,
      Map<String, List<ProbeRows.Row>> probes) {
    Map<String, CapacityModel.Fit> models = new LinkedHashMap<>();
    for (ChooseCandidate c : candidates) {
      List<CapacityModel.Probe> p =
          probes.getOrDefault(c.name(), List.of()).stream().map(ProbeRows.Row::probe).toList();
      if (!p.isEmpty()) {
        models.put(c.name(), CapacityModel.withIntervals(p, Estimate.SEED));
      }
    }
    List<ChooseCandidate> byCapacity = new ArrayList<>(candidates);
    byCapacity.sort(
        Comparator.comparing(
            (ChooseCandidate c) -> c.capacity().value() == null ? -1 : c.capacity().value(),
            Comparator.reverseOrder()));
    double q = settings.sloPercentile() == null ? 99 : settings.sloPercentile();
    // rounds added while a pair was undecided: every test at the design's one lower level
    double alpha = settings.design().alpha();
    List<PairTest> capacity = new ArrayList<>();
    List<PairTest> latency = new ArrayList<>();
    // every pair by the one test over rounds (each round a fresh JVM per probe and per shared
    // load: a trial), paired by round when the rounds are enough; an A/A pair is tested like any
    // other, and one that differs fails the A/A check (ChooseVerdict says so first)
    for (int i = 0; i < byCapacity.size(); i++) {
      for (int j = i + 1; j < byCapacity.size(); j++) {
        ChooseCandidate hi = byCapacity.get(i);
        ChooseCandidate lo = byCapacity.get(j);
        capacity.add(CapacityPair.test(lo, hi, alpha));
        latency.add(
            Significance.trials(
                lo.name(), lo.roundPercentiles(q), hi.name(), hi.roundPercentiles(q), true, alpha));
      }
    }
    capacity = Significance.holm(capacity, Scorecard::isCheck, alpha);
    latency = Significance.holm(latency, Scorecard::isCheck, alpha);
    List<Ranked> ranking = rank(byCapacity, capacity);
    Scorecard s =
        new Scorecard(
            settings,
            candidates,
            ranking,
            capacity,
            latency,
            List.of(),
            calibration,
            models,
            Map.copyOf(probes));
    List<Threshold.Check> checks = new ArrayList<>();
    ChooseCandidate w = s.winner();
    for (Threshold t : thresholds) {
      checks.add(t.check(w.metric(t.metric()), t.metric() + " of " + w.name() + " (rank 1)"));
    }
    return new Scorecard(
        settings,
        candidates,
        ranking,
        capacity,
        latency,
        checks,
        calibration,
        Collections.unmodifiableMap(models),
        Map.copyOf(probes));
  }

  /**
   * Whether Holm over this scorecard's pairs can call anything significant at all: the smallest p
   * its rounds can reach, times the pairs that are claims (A/A pairs are checks), is at most alpha.
   */
  boolean canSeparate() {
    long claims = capacityPairs.stream().filter(t -> !isCheck(t) && t.tested()).count();
    int rounds = candidates.stream().mapToInt(c -> c.rounds().size()).min().orElse(0);
    return claims == 0
        || claims * io.rpcxbench.stats.Shift.smallestP(rounds, rounds) <= settings.design().alpha();
  }

  /** The pairs of one protocol with itself (an A/A pair: {@code rpcx} and {@code rpcx#2}). */
  public static List<PairTest> aa(List<PairTest> pairs) {
    return pairs.stream().filter(Scorecard::isAa).toList();
  }

  /** A pair outside Holm's family: an A/A pair, or a copy against another candidate. */
  static boolean isCheck(PairTest t) {
    return io.rpcxbench.stats.RoundsDecision.isCheck(t.a(), t.b());
  }

  public static boolean isAa(PairTest t) {
    return ChooseRecord.protocol(t.a()).equals(ChooseRecord.protocol(t.b()));
  }

  /** Competition ranking; a candidate that does not differ from its group's leader joins it. */
  private static List<Ranked> rank(List<ChooseCandidate> byCapacity, List<PairTest> pairs) {
    int[] rank = new int[byCapacity.size()];
    boolean[] untested = new boolean[byCapacity.size()];
    int leader = 0;
    for (int i = 0; i < byCapacity.size(); i++) {
      ChooseCandidate c = byCapacity.get(i);
      ChooseCandidate lead = byCapacity.get(leader);
      PairTest t = i == 0 ? null : pair(pairs, lead.name(), c.name());
      // a candidate that met the SLO in no round is below one that did, test or no test
      boolean below = i > 0 && c.neverMet() && !lead.neverMet();
      if (i == 0 || below || t.significant()) {
        leader = i;
      } else if (!equivalent(t)) {
        untested[i] = true;
        untested[leader] = true;
      }
      rank[i] = leader + 1;
    }
    List<Ranked> out = new ArrayList<>();
    for (int i = 0; i < rank.length; i++) {
      int r = rank[i];
      long same = java.util.Arrays.stream(rank).filter(x -> x == r).count();
      out.add(new Ranked(byCapacity.get(i), r, same > 1, same > 1 && untested[i]));
    }
    return out;
  }

  /**
   * Whether a pair that does not differ is shown equivalent: its interval lies within {@link
   * RoundsDecision#MARGIN} either way ("no difference found" alone is not "the same").
   */
  static boolean equivalent(PairTest t) {
    return t.tested()
        && t.ratioLow() != null
        && t.ratioLow() >= 1 / (1 + RoundsDecision.MARGIN)
        && t.ratioHigh() <= 1 + RoundsDecision.MARGIN;
  }

  /** The test of {@code x} against {@code y}, whichever way round it was made. */
  static PairTest pair(List<PairTest> pairs, String x, String y) {
    return pairs.stream()
        .filter(t -> (t.a().equals(x) && t.b().equals(y)) || (t.a().equals(y) && t.b().equals(x)))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no test of " + x + " and " + y));
  }

  /** Rank 1; with a tie, the tied candidate listed first in {@code candidates}. */
  ChooseCandidate winner() {
    return candidates.stream()
        .filter(c -> ranking.stream().anyMatch(r -> r.candidate() == c && r.rank() == 1))
        .findFirst()
        .orElse(candidates.get(0));
  }

  /**
   * The winner by name: rank 1 when no other protocol shares it (its own A/A copy may); empty when
   * two protocols tie at the top.
   */
  java.util.Optional<String> namedWinner() {
    List<String> top =
        ranking.stream()
            .filter(r -> r.rank() == 1)
            .map(r -> ChooseRecord.protocol(r.candidate().name()))
            .distinct()
            .toList();
    return top.size() == 1
        ? java.util.Optional.of(ranking.get(0).candidate().name())
        : java.util.Optional.empty();
  }

  public boolean passed() {
    return checks.stream().allMatch(Threshold.Check::pass);
  }

  /**
   * {@code items(10) over loopback (unshaped), plaintext (TLS off), at p99 <= 5 ms: 3 protocols
   * (rpcx twice, A/A) on local}: every dimension of the workload ({@link ChooseWorkload}).
   */
  public String title(ChooseWorkload w) {
    List<String> protocols =
        candidates.stream().map(c -> ChooseRecord.protocol(c.name())).distinct().toList();
    List<String> twice =
        protocols.stream()
            .filter(
                p ->
                    candidates.stream()
                            .filter(c -> ChooseRecord.protocol(c.name()).equals(p))
                            .count()
                        > 1)
            .toList();
    String count =
        protocols.size()
            + (protocols.size() == 1 ? " protocol" : " protocols")
            + (twice.isEmpty() ? "" : " (" + String.join(", ", twice) + " twice, A/A)");
    return w.heading() + ": " + count + " on " + settings.target();
  }

  /** The SLO's percentile as a column's name: {@code p99}, {@code p99.9}. */
  public String percentileName() {
    Double q = settings().sloPercentile();
    double p = q == null ? 99 : q;
    return "p" + io.rpcxbench.stats.Num.fixed(p, p == Math.rint(p) ? 0 : 1);
  }

  public ChooseRecord settings() {
    return settings;
  }

  public List<ChooseCandidate> candidates() {
    return candidates;
  }

  public List<Ranked> ranking() {
    return ranking;
  }

  public List<PairTest> capacityPairs() {
    return capacityPairs;
  }

  public List<PairTest> latencyPairs() {
    return latencyPairs;
  }

  public List<Threshold.Check> checks() {
    return checks;
  }

  /** A candidate's probes with data (none without probes.tsv). */
  public List<ProbeRows.Row> probes(String candidate) {
    return probes.getOrDefault(candidate, List.of());
  }

  /** How close {@code c} came to the SLO over its probes; empty without probes.tsv. */
  public java.util.Optional<ClosestApproach> closest(ChooseCandidate c) {
    return ClosestApproach.of(probes(c.name()));
  }

  /** Whether no candidate met the SLO in any round at any rate tried. */
  public boolean noneMet() {
    return candidates.stream().allMatch(ChooseCandidate::neverMet);
  }

  /** Per candidate, the capacity model over its probes (none without probes.tsv). */
  public Map<String, CapacityModel.Fit> models() {
    return models;
  }

  /**
   * The smallest capacity difference these rounds detect with 80 % power, in percent: from the
   * candidates' pooled spread of log capacities over rounds (those that met the SLO in every round
   * and have two rounds or more), times the searches' step (each side's capacity lies between a
   * rate met and one failed, {@link CapacityPair#step}: their ratio within that factor either way);
   * null when none has.
   */
  Double detectableCapacityPercent() {
    Double spread = spreadDetectablePercent();
    return spread == null ? null : ((1 + spread / 100) * searchStep() - 1) * 100;
  }

  /** The median of the candidates' search steps ({@link CapacityPair#step}; 1: exact). */
  double searchStep() {
    List<Double> steps =
        candidates.stream().map(CapacityPair::step).filter(x -> x > 1).sorted().toList();
    return steps.isEmpty() ? 1 : steps.get(steps.size() / 2);
  }

  private Double spreadDetectablePercent() {
    List<List<Double>> rounds = candidates.stream().map(ChooseCandidate::capacities).toList();
    int n =
        rounds.stream()
            .filter(r -> r.size() >= 2 && r.stream().allMatch(x -> x > 0))
            .mapToInt(List::size)
            .min()
            .orElse(0);
    Double p = io.rpcxbench.stats.Detectable.pooled(rounds).map(d -> d.percent(n)).orElse(null);
    return p == null || p.isInfinite() ? null : p;
  }

  /** This machine's calibration, when the choose folder holds one (null otherwise). */
  Calibration calibration() {
    return calibration;
  }
}
