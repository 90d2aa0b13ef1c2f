package io.rpcxbench.runner.choose;

import io.rpcxbench.runner.point.PlannedPoint;
import io.rpcxbench.runner.point.SweepLog;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The client's in-flight cap of each candidate's probes: the one its harness options give, raised
 * fourfold (at most {@value #MAX_RAISED_CAP}) after a probe that missed only on calls dropped at
 * that cap, so that the generator is not called the server's capacity; a probe's arguments with its
 * candidate's raised cap.
 */
final class InFlightCaps {
  /** The in-flight cap a probe's generator is raised to at most ({@link #raise}). */
  static final int MAX_RAISED_CAP = 4096;

  private final ChooseSettings s;
  private final SweepLog log;
  private final ChooseDeadline deadline;
  private final ToIntFunction<String> configured;

  /** The candidates whose generator's in-flight cap was raised, and to what. */
  private final Map<String, Integer> caps = new LinkedHashMap<>();

  /**
   * @param configured the in-flight cap the harness options give a candidate's probes (else its
   *     default)
   */
  InFlightCaps(
      ChooseSettings s, SweepLog log, ChooseDeadline deadline, ToIntFunction<String> configured) {
    this.s = s;
    this.log = log;
    this.deadline = deadline;
    this.configured = configured;
  }

  /**
   * After a probe that missed only on calls dropped at the client's in-flight cap: raises the cap
   * fourfold (at most {@link #MAX_RAISED_CAP}) for this candidate's probes from here, so that the
   * generator is not called the server's capacity; whether to probe again.
   */
  boolean raise(String candidate, int rate, Slo.Verdict v) {
    if (!v.droppedAtTheClientsCap()) {
      return false;
    }
    int cap = caps.getOrDefault(candidate, configured.applyAsInt(candidate));
    String dropped =
        "  " + candidate + " " + rate + "/s: calls dropped at the client's in-flight cap of " + cap;
    if (cap >= MAX_RAISED_CAP) {
      log.line(dropped + " (the most it is raised to): this probe's limit is the generator's");
      return false;
    }
    if (!deadline.allows(ChooseTiming.probeMs(s, rate))) {
      log.line(dropped + "; --max-time leaves no time to probe again with a higher one");
      return false;
    }
    int raised = Math.min(MAX_RAISED_CAP, cap * 4);
    caps.put(candidate, raised);
    log.line(
        dropped
            + " while "
            + s.slo().percentileName()
            + " and errors were within the SLO: the generator, not the server, was the limit;"
            + " probing again with --max-in-flight "
            + raised);
    return true;
  }

  /**
   * The in-flight cap of {@code candidate}'s point {@code p}: its raised one where {@code p} is an
   * open-loop point, else null (the harness options' own); a closed-loop point (the warm-up) has no
   * cap to raise, and the harness refuses one there.
   */
  Integer capFor(String candidate, PlannedPoint p) {
    return capped(p, caps.get(candidate));
  }

  /** {@code cap} (null: none raised) where {@code p} is an open-loop point, else null. */
  static Integer capped(PlannedPoint p, Integer cap) {
    return p.load() == PlannedPoint.Load.RATE ? cap : null;
  }
}
