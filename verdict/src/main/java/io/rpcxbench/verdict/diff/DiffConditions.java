package io.rpcxbench.verdict.diff;

import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.stats.Calibration;
import io.rpcxbench.stats.Num;
import java.time.Instant;

/**
 * Under what the two sides of a diff ran: when (and whether in one invocation, interleaved, or
 * apart, and what apart sides are tested with), and how contended their runs were.
 */
final class DiffConditions {
  private DiffConditions() {}

  /** When each side ran, and that two folders recorded apart were not interleaved. */
  static String spans(DiffReport r) {
    Instant[] b = r.base().span();
    Instant[] n = r.next().span();
    boolean overlap =
        b[0] != null
            && n[0] != null
            && b[1] != null
            && n[1] != null
            && !b[1].isBefore(n[0])
            && !n[1].isBefore(b[0]);
    return "BASE ran "
        + span(b)
        + ", NEW ran "
        + span(n)
        + (overlap ? "." : ": recorded apart, not interleaved. " + apartText(r));
  }

  /**
   * What two folders recorded apart are tested with: the machine's between-invocation spread, or
   * nothing, and the interleaved command that would tell.
   */
  private static String apartText(DiffReport r) {
    Calibration used =
        r.changes().stream()
            .filter(
                c ->
                    c.design() == PointChange.Design.APART
                        && c.calibration() != null
                        && c.calibration().metrics().stream()
                            .anyMatch(Calibration.Metric::knowsInvocations))
            .map(PointChange::calibration)
            .findFirst()
            .orElse(null);
    boolean contended = r.changes().stream().anyMatch(c -> !c.contentionNote().isEmpty());
    String interleaved =
        " To tell, run both sides in one invocation, in interleaved rounds: "
            + interleavedCommand(r)
            + ".";
    String busy =
        contended
            ? " Points whose sides ran under different contention (more than 20 points apart in"
                + " their shares of contended runs) are not tested: a busy machine against a quiet"
                + " one is outside what any calibration measured."
            : "";
    if (used != null) {
      Calibration c = used;
      return "Each side is its own invocation, and invocations differ by themselves on this"
          + " machine: the changes below allow for the spread between invocations that `rpcx-bench"
          + " calibrate` measured ("
          + c.invocations()
          + " invocations, "
          + c.measuredText()
          + "), so they are wider than the trials alone would say."
          + interleaved
          + busy;
    }
    return "Whatever changed on the machine between the two times is inside every change below,"
        + " and no calibration of this machine says how much invocations differ by themselves:"
        + " invocations cannot be told from the change, so no change below is tested (rpcx-bench"
        + " calibrate measures it; compare passes it on)."
        + interleaved
        + busy;
  }

  /** The command that measures both sides of the first point in interleaved rounds. */
  private static String interleavedCommand(DiffReport r) {
    PointIdentity id = r.base().points().keySet().iterator().next();
    return "`rpcx-bench compare --base-jar BEFORE.jar --new-jar AFTER.jar --protocol "
        + id.protocol()
        + " --threads "
        + id.threads()
        + " --requests "
        + id.requests()
        + "`";
  }

  private static String span(Instant[] s) {
    return s[0] == null ? "(times not recorded)" : s[0] + " to " + s[1];
  }

  /** Each side's share of contended kept runs, when the two differ. */
  static String contention(DiffReport r) {
    double b = contendedShare(r.base());
    double n = contendedShare(r.next());
    String line =
        "Contended runs (the noise guard): BASE "
            + Num.fixed(100 * b, 0)
            + " %, NEW "
            + Num.fixed(100 * n, 0)
            + " %";
    return Math.abs(b - n) > 0.2
        ? line + ": the two sides ran under different contention, which a change may reflect."
        : line + ".";
  }

  private static double contendedShare(DiffSide side) {
    double sum = 0;
    int trials = 0;
    for (DiffSide.Point p : side.points().values()) {
      for (DiffSide.Trial t : p.trials()) {
        sum += t.contendedShare();
        trials++;
      }
    }
    return trials == 0 ? 0 : sum / trials;
  }
}
