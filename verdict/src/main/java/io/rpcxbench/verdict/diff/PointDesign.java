package io.rpcxbench.verdict.diff;

import java.util.List;

/**
 * How a point's two sides were measured, from their trials' rounds, times and contended runs: the
 * {@link PointChange.Design} that decides the test, and why sides under different contention cannot
 * be told apart.
 */
final class PointDesign {
  private PointDesign() {}

  /** Sides whose shares of contended runs differ by more than this ran on two machine states. */
  static final double CONTENTION_GAP = 0.2;

  /**
   * Why two sides cannot be told apart by their contention: empty when their shares of contended
   * runs (the noise guard's) are within {@value #CONTENTION_GAP} of each other.
   */
  static String contention(DiffSide.Point base, DiffSide.Point next) {
    double b = contended(base);
    double n = contended(next);
    if (Math.abs(b - n) <= CONTENTION_GAP) {
      return "";
    }
    return "recorded apart under different contention (BASE "
        + Math.round(100 * b)
        + " %, NEW "
        + Math.round(100 * n)
        + " % of runs): a busy machine against a quiet one, which no calibration covers";
  }

  private static double contended(DiffSide.Point p) {
    return p.trials().stream().mapToDouble(DiffSide.Trial::contendedShare).average().orElse(0);
  }

  /** How {@code base} and {@code next} were measured. */
  static PointChange.Design design(DiffSide.Point base, DiffSide.Point next) {
    if (byRound(base, next)) {
      return PointChange.Design.PAIRED;
    }
    java.time.Instant[] sb = span(base);
    java.time.Instant[] sn = span(next);
    boolean overlap =
        sb[0] != null && sn[0] != null && !sb[1].isBefore(sn[0]) && !sn[1].isBefore(sb[0]);
    return overlap ? PointChange.Design.INTERLEAVED : PointChange.Design.APART;
  }

  /**
   * Whether the two sides' trials pair by round: both hold the same rounds (one trial each,
   * numbered) and ran interleaved (their times overlap, as the rounds of {@code compare --base-jar}
   * or {@code choose} do); then a round's shared drift cancels in the paired test ({@link
   * io.rpcxbench.stats.Shift} pairs from its fewest rounds on). Two folders recorded apart are
   * never paired: trial k of one has nothing in common with trial k of the other.
   */
  static boolean byRound(DiffSide.Point base, DiffSide.Point next) {
    List<Integer> b = rounds(base);
    List<Integer> n = rounds(next);
    if (b.isEmpty()
        || !b.equals(n)
        || b.contains(0)
        || new java.util.HashSet<>(b).size() < b.size()) {
      return false;
    }
    java.time.Instant[] sb = span(base);
    java.time.Instant[] sn = span(next);
    return sb[0] != null && sn[0] != null && !sb[1].isBefore(sn[0]) && !sn[1].isBefore(sb[0]);
  }

  private static List<Integer> rounds(DiffSide.Point p) {
    return p.trials().stream().map(DiffSide.Trial::number).sorted().toList();
  }

  /** The first start and last finish of a point's trials (nulls when one is not recorded). */
  private static java.time.Instant[] span(DiffSide.Point p) {
    java.time.Instant first = null;
    java.time.Instant last = null;
    for (DiffSide.Trial t : p.trials()) {
      if (t.started() == null || t.finished() == null) {
        return new java.time.Instant[] {null, null};
      }
      first = first == null || t.started().isBefore(first) ? t.started() : first;
      last = last == null || t.finished().isAfter(last) ? t.finished() : last;
    }
    return new java.time.Instant[] {first, last};
  }
}
