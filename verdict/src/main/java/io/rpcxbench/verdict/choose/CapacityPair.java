package io.rpcxbench.verdict.choose;

import io.rpcxbench.stats.Num;
import io.rpcxbench.stats.RoundsDecision;
import io.rpcxbench.stats.Shift;
import io.rpcxbench.verdict.significance.PairTest;
import io.rpcxbench.verdict.significance.Significance;
import java.util.List;

/**
 * Two candidates' SLO capacities compared over rounds, with what the search could not tell: a
 * round's capacity is the highest rate that met the SLO, and the truth lies between it and the
 * lowest rate that failed. Rounds that agree exactly (a link-bound search meets 235/s and fails
 * 280/s every time) made an interval of zero width and "detectable here +-0.0 %"; so the interval
 * runs from the test of the higher side's rates met against the lower side's rates failed to the
 * test of its rates failed against the other's met, and the verdict is the first of them: the lead
 * holds wherever in their brackets both truths lie, or it is not claimed. The figure is the test of
 * the rates met, as before.
 *
 * <pre>{@code
 * PairTest t = CapacityPair.test(grpc, grpcGzip, 0.05);
 * t.ratioText();   // "1.81x (1.52-2.15x)": 235/s met and 280/s failed against 130/s and 155/s
 * }</pre>
 */
final class CapacityPair {
  private CapacityPair() {}

  /**
   * {@code hi}'s capacity over {@code lo}'s, bracketed by their searches' steps, at {@code alpha}.
   */
  static PairTest test(ChooseCandidate lo, ChooseCandidate hi, double alpha) {
    Shift met = Shift.of(lo.testedCapacities(), hi.testedCapacities(), true, alpha);
    Shift claim = Shift.of(upper(lo), lower(hi), true, alpha);
    Shift widest = Shift.of(lower(lo), upper(hi), true, alpha);
    if (!met.tested() || !claim.tested() || !widest.tested()) {
      return Significance.of(
          lo.name(), lo.testedCapacities(), hi.name(), hi.testedCapacities(), met);
    }
    // the rates met put the figure; the lower side's rates failed against the higher side's met
    // (claim) and the other way round (widest) put the interval; the verdict is the first's in
    // the estimate's direction, so it holds wherever in the brackets both truths lie
    boolean up = met.ratio() >= 1;
    Shift near = up ? claim : widest;
    boolean sameWay = up ? near.ratio() >= 1 : near.ratio() <= 1;
    Shift bracketed =
        new Shift(
            met.ratio(),
            Math.min(claim.low(), met.ratio()),
            Math.max(widest.high(), met.ratio()),
            sameWay ? near.p() : 1.0,
            met.level(),
            met.baseTrials(),
            met.newTrials(),
            met.paired(),
            met.why(),
            null);
    PairTest t =
        Significance.of(
            lo.name(), lo.testedCapacities(), hi.name(), hi.testedCapacities(), bracketed);
    return new PairTest(
        t.a(),
        t.b(),
        t.ratio(),
        t.ratioLow(),
        t.ratioHigh(),
        t.difference(),
        t.differenceLow(),
        t.differenceHigh(),
        t.p(),
        t.pAdjusted(),
        t.significant(),
        t.test() + ", bracketed by the searches' steps (rates met against rates failed)",
        t.note());
  }

  /**
   * The factor between the lowest rate that failed and the highest that met, the median over {@code
   * c}'s rounds that have both: how finely its search located its capacity (1: exactly).
   */
  static double step(ChooseCandidate c) {
    List<Double> steps =
        c.rounds().stream()
            .filter(r -> r.capacity() > 0 && r.failedAt() != null && r.failedAt() > r.capacity())
            .map(r -> r.failedAt() / r.capacity())
            .sorted()
            .toList();
    return steps.isEmpty() ? 1 : steps.get(steps.size() / 2);
  }

  /** The search step in words: {@code x1.19}. */
  static String stepText(double step) {
    return "x" + Num.fixed(step, 2);
  }

  /** Each round's rate met (never met: lowest). */
  private static List<Double> lower(ChooseCandidate c) {
    return c.testedCapacities();
  }

  /** Each round's lowest rate failed; the rate met where none failed (the search's ceiling). */
  private static List<Double> upper(ChooseCandidate c) {
    return RoundsDecision.tested(
        c.rounds().stream()
            .map(
                r ->
                    r.failedAt() != null && r.failedAt() > r.capacity()
                        ? r.failedAt()
                        : r.capacity())
            .toList());
  }
}
