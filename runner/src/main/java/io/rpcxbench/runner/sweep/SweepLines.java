package io.rpcxbench.runner.sweep;

import io.rpcxbench.runner.point.Eta;
import io.rpcxbench.runner.point.PointResult;
import java.nio.file.Path;
import java.util.Locale;

/** The lines a sweep logs of itself: what it runs, each point's outcome, its end, a full disk. */
final class SweepLines {
  private final SweepSettings s;
  private final String resumeCommand;

  SweepLines(SweepSettings s, String resumeCommand) {
    this.s = s;
    this.resumeCommand = resumeCommand;
  }

  /** The first line: the plan's size and what it sweeps, where and into which folder. */
  String start(int points, String host, Path log) {
    String what =
        (s.site().profiles().get(0).isEmpty()
                ? ""
                : "profiles " + String.join(" ", s.site().profiles()) + ", ")
            + (s.rateSweep()
                ? "rates " + s.rates().description() + " calls/s, duration " + s.durationS() + "s"
                : "threads "
                    + s.threads().description()
                    + ", requests "
                    + s.requests().description());
    return String.format(
        Locale.ROOT,
        "sweep: %d points, protocols %s, %s, runs %d, limit %ds per %s, target %s %s, out %s,"
            + " log %s",
        points,
        String.join(" ", s.protocols()),
        what,
        s.runs(),
        s.limitS(),
        s.timeoutPer(),
        s.site().target().id(),
        host,
        s.out(),
        log);
  }

  /** A point that ran: its state, exit, time, the sweep's elapsed time, the ETA, its rate. */
  String point(String head, PointResult r, int code, long pointMs, long sweepStart, String eta) {
    String detail = r.state().finished() ? "" : ", " + r.runs() + "/" + s.runs() + " runs kept";
    return String.format(
        Locale.ROOT,
        "%s: %s (exit %d%s) in %d.%03ds | elapsed %s | ETA %s | throughput %s calls/s",
        head,
        r.state(),
        code,
        detail,
        pointMs / 1000,
        pointMs % 1000,
        Eta.clock((System.currentTimeMillis() - sweepStart) / 1000),
        eta,
        r.throughputText());
  }

  /** The last line of a sweep that went through its plan. */
  String done(int points, int ran, int skipped, int failed, long sweepStart, Path log) {
    return String.format(
        Locale.ROOT,
        "sweep done: %d points, %d run, %d skipped, %d failed or timed out; elapsed %s;"
            + " results in %s; log %s",
        points,
        ran,
        skipped,
        failed,
        Eta.clock((System.currentTimeMillis() - sweepStart) / 1000),
        s.out(),
        log);
  }

  /** The line a full disk ends the sweep with. */
  String noSpace(String why) {
    return "stopped: cannot write to "
        + s.out()
        + " ("
        + why
        + "): free some space, then resume with: "
        + resumeCommand;
  }
}
