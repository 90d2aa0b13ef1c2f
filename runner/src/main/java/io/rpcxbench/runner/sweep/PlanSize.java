package io.rpcxbench.runner.sweep;

import io.rpcxbench.runner.point.Eta;
import io.rpcxbench.runner.point.PlannedPoint;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How big a sweep is before it starts, from its plan alone: the points still to run (a finished
 * file is not run again), their calls, the time the rate points take (runs x duration: known before
 * any call) and the most the grid points may take (each under its limit: their time is known only
 * once the first points have run, then the sweep's ETA says it). A plan over {@value
 * #ASK_ABOVE_POINTS} points, or known to take over an hour, is {@link #big}: the sweep asks before
 * starting it, unless {@code --yes}.
 *
 * <pre>{@code
 * PlanSize size = PlanSize.of(settings, sweep);
 * size.describe();   // "26730 points to run, 170,850,000 calls planned; grid points: at most 4,601 h"
 * }</pre>
 *
 * @param todo points whose file is missing or unfinished
 * @param done points with a finished file
 * @param calls the calls the points to run plan
 * @param knownMs the rate points' time (runs x duration)
 * @param gridPoints the grid points to run
 * @param worstGridMs the most the grid points may take, each at its limit
 */
record PlanSize(int todo, int done, long calls, long knownMs, int gridPoints, long worstGridMs) {
  static final int ASK_ABOVE_POINTS = 1000;
  static final long ASK_ABOVE_MS = 3_600_000L;

  /** The size of several sweeps run one after the other ({@code --trials}: one a trial). */
  static PlanSize of(SweepSettings s, java.util.List<Sweep> sweeps) {
    PlanSize sum = new PlanSize(0, 0, 0, 0, 0, 0);
    for (Sweep sweep : sweeps) {
      PlanSize one = of(s, sweep);
      sum =
          new PlanSize(
              sum.todo + one.todo,
              sum.done + one.done,
              sum.calls + one.calls,
              sum.knownMs + one.knownMs,
              sum.gridPoints + one.gridPoints,
              sum.worstGridMs + one.worstGridMs);
    }
    return sum;
  }

  static PlanSize of(SweepSettings s, Sweep sweep) {
    int todo = 0;
    int done = 0;
    long calls = 0;
    long knownMs = 0;
    int grid = 0;
    for (PlannedPoint p : sweep.plan().points()) {
      Path file = sweep.file(p);
      if (Files.exists(file) && Sweep.state(file).finished()) {
        done++;
        continue;
      }
      todo++;
      calls += s.runs() * p.callsPerRun(s.requestsPerTotal());
      if (p.load() == PlannedPoint.Load.RATE) {
        knownMs += (long) s.runs() * p.second() * 1000;
      } else {
        grid++;
      }
    }
    return new PlanSize(todo, done, calls, knownMs, grid, grid * s.backstopMs());
  }

  /** Over {@value #ASK_ABOVE_POINTS} points to run, or known to take over an hour. */
  boolean big() {
    return todo > ASK_ABOVE_POINTS || knownMs > ASK_ABOVE_MS;
  }

  /**
   * Whether this plan may start: a small one always; a {@link #big} one when the user at the
   * terminal says yes (without a terminal: never; --yes skips the question).
   */
  boolean confirmed(java.io.PrintWriter err) {
    if (!big()) {
      return true;
    }
    java.io.Console console = System.console();
    if (console == null) {
      err.println(
          "rpcx-bench sweep: "
              + describe()
              + "; over "
              + ASK_ABOVE_POINTS
              + " points or an hour: add --yes to start it (no terminal to ask; --dry-run lists it)");
      err.flush();
      return false;
    }
    String answer = console.readLine("%s. Start it? [y/N] ", describe());
    return answer != null && answer.trim().toLowerCase(java.util.Locale.ROOT).startsWith("y");
  }

  /** One line: points, calls, and the time as far as the plan knows it. */
  String describe() {
    StringBuilder b =
        new StringBuilder(
            String.format(
                java.util.Locale.ROOT, "%,d points to run, %,d calls planned", todo, calls));
    if (done > 0) {
      b.append(String.format(java.util.Locale.ROOT, " (%,d already finished)", done));
    }
    if (todo > gridPoints) {
      b.append("; rate points: ").append(Eta.clock(knownMs / 1000)).append(" of runs");
    }
    if (gridPoints > 0) {
      b.append("; grid points: at most ")
          .append(Eta.clock(worstGridMs / 1000))
          .append(" (each under its limit; the ETA follows from the first points)");
    }
    return b.toString();
  }
}
