package io.rpcxbench.runner.sweep;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.runner.point.Eta;
import io.rpcxbench.runner.point.OutFolderRun;
import io.rpcxbench.runner.point.OwnProcesses;
import io.rpcxbench.runner.point.PlannedPoint;
import io.rpcxbench.runner.point.PointFiles;
import io.rpcxbench.runner.point.PointLauncher;
import io.rpcxbench.runner.point.PointResult;
import io.rpcxbench.runner.point.PointState;
import io.rpcxbench.runner.point.SweepLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The experiment: the plan's points one after another, each one harness run; resume (a point whose
 * file exists is skipped), the skip rules, the ETA from the finished points, a failed-point file
 * for a harness that wrote none, the lock on --out, the disk check and the interrupt. The servers
 * are {@link SweepTarget}'s, each point's harness run {@link PointRuns}'. {@link #run} returns the
 * sweep's exit code.
 */
public final class Sweep {

  private final SweepSettings s;
  private final SweepLog log;
  private final String resumeCommand;
  private final long minFreeKb;
  private final long readyTimeoutMs;
  private final SweepPlan plan;
  private final SweepTarget target;
  private final SweepLines lines;
  private final Map<String, BiFunction<Integer, Integer, Path>> gridFiles = new LinkedHashMap<>();
  private OwnProcesses own;
  private PointLauncher launcher;
  private final PointRuns points;

  private io.rpcxbench.raw.ClosingLine closingOnInterrupt;

  private final Trial trial;

  /**
   * One trial of {@code of} (the unit of a test: fresh servers, a fresh client per point): its
   * number, and the seed of its order. Every file of the trial says so in its provenance.
   */
  record Trial(int number, int of, long seed) {
    /** The provenance keys of a trial's files. */
    Map<String, String> provenance() {
      return Map.of(
          "trial", String.valueOf(number),
          "trials", String.valueOf(of),
          "trial_seed", String.valueOf(seed));
    }
  }

  Sweep(
      SweepSettings s,
      Map<String, CatalogEntry> catalog,
      SweepLog log,
      String resumeCommand,
      long minFreeKb,
      long readyTimeoutMs) {
    this(s, catalog, log, resumeCommand, minFreeKb, readyTimeoutMs, null);
  }

  /** A sweep that is one trial of several ({@code trial} null: the sweep alone). */
  Sweep(
      SweepSettings s,
      Map<String, CatalogEntry> catalog,
      SweepLog log,
      String resumeCommand,
      long minFreeKb,
      long readyTimeoutMs,
      Trial trial) {
    this.trial = trial;
    this.s = s;
    this.log = log;
    this.resumeCommand = resumeCommand;
    this.minFreeKb = minFreeKb;
    this.readyTimeoutMs = readyTimeoutMs;
    this.plan = trial == null ? s.plan() : s.plan().shuffled(trial.seed());
    this.target = new SweepTarget(s, catalog, log::line);
    this.lines = new SweepLines(s, resumeCommand);
    this.points = new PointRuns(s, target, log);
  }

  SweepPlan plan() {
    return plan;
  }

  /** Which trial of several this sweep is; null for a sweep alone. */
  Trial trial() {
    return trial;
  }

  /** The file of {@code p}, named by the harness (on a fleet: the merged point's). */
  Path file(PlannedPoint p) {
    if (p.load() == PlannedPoint.Load.GRID) {
      return s.pointFile(
          gridFiles
              .computeIfAbsent(
                  p.series(),
                  k -> HarnessPoints.gridFiles(SweepPoint.of(s, p, target.host(), 1, Map.of())))
              .apply(p.first(), p.second()));
    }
    return s.pointFile(SweepPoint.of(s, p, target.host(), 1, Map.of()).request().resultFile());
  }

  /** The state of an existing point file. */
  static PointState state(Path file) {
    return PointFiles.state(file);
  }

  int run() throws IOException, InterruptedException {
    String holder =
        "pid " + ProcessHandle.current().pid() + ", started " + now() + ": " + resumeCommand;
    return new OutFolderRun(s.out(), "sweep", log)
        .run(
            holder,
            h ->
                "another sweep is running on "
                    + s.out()
                    + " ("
                    + h
                    + "); wait for it, stop it, or use another --out",
            new OutFolderRun.Steps() {
              @Override
              public int work(OwnProcesses processes) throws IOException, InterruptedException {
                own = processes;
                return runLocked();
              }

              @Override
              public void interrupted() {
                Sweep.this.interrupted();
              }

              @Override
              public void close() {
                target.close();
              }

              @Override
              public void strays(List<OwnProcesses.Entry> stopped) {
                discardStrays(stopped);
              }
            });
  }

  private int runLocked() throws IOException, InterruptedException {
    target.loadLab();
    launcher = target.launcher(own, s.backstopMs());
    launcher.prestart(s.commonArgs()); // the first point's JVM starts while the servers do
    try {
      target.start(own, readyTimeoutMs);
      return runStarted();
    } finally {
      launcher.stop(); // a JVM started ahead for a point that did not come
    }
  }

  private int runStarted() throws IOException, InterruptedException {
    log.line(lines.start(plan.size(), target.host(), log.file()));
    Map<String, String> provenance = new LinkedHashMap<>(target.provenance());
    if (trial != null) {
      provenance.putAll(trial.provenance());
    }
    return loop(provenance);
  }

  /** What the loop counts. */
  private static final class Tally {
    int ran;
    int skipped;
    int failed;
  }

  private int loop(Map<String, String> provenance) throws IOException, InterruptedException {
    SkipRules rules = new SkipRules(s.stops());
    Eta eta = new Eta(s.runs(), s.requestsPerTotal(), s.backstopMs());
    long sweepStart = System.currentTimeMillis();
    Tally tally = new Tally();
    int n = plan.size();
    for (PlannedPoint p : plan.points()) {
      String head = "[" + (p.index() + 1) + "/" + n + "] " + p.protocol() + " " + p.label();
      String why = rules.skipReason(p);
      if (why != null) {
        tally.skipped++;
        log.fileOnly(head + ": not run (" + why + ")");
        continue;
      }
      Path file = file(p);
      PointResult result = existing(file, head, tally);
      boolean ranHere = false;
      if (result == null) {
        if (!target.chainReady(p.protocol())) {
          tally.skipped++;
          log.fileOnly(head + ": not run (no chain for " + p.protocol() + ")");
          continue;
        }
        checkSpace();
        long start = System.currentTimeMillis();
        int code = points.run(launcher, p, file, head, provenance);
        if (code == ExitCode.USAGE.code()) {
          return ExitCode.USAGE.code();
        }
        if (code == ExitCode.INTERRUPTED.code()) {
          if (!points.stopping()) {
            // only the point's JVM was stopped (a signal to it, or to the process group before
            // this JVM's own hook ran): its file is gone, the sweep ends as if interrupted
            log.line(
                head
                    + ": its harness was stopped from outside; the point was discarded (a resume"
                    + " runs it again), finished points are kept");
            log.line("resume with: " + resumeCommand);
          }
          return ExitCode.INTERRUPTED.code();
        }
        long pointMs = System.currentTimeMillis() - start;
        result = PointResult.read(file);
        // DROPPED is complete (every call answered): the rate's kept-up rule judges its drops
        if (result.state() == PointState.COMPLETE
            && code != ExitCode.OK.code()
            && code != ExitCode.DROPPED.code()) {
          result =
              new PointResult(
                  PointState.ERRORS,
                  result.runs(),
                  result.runCalls(),
                  result.runMs(),
                  result.throughput(),
                  result.keptUp());
        }
        tally.ran++;
        ranHere = true;
        eta.finished(
            p.series(), result.runCalls(), result.runMs(), pointMs, result.state().finished());
        String left =
            eta.remaining(
                plan.points().subList(p.index() + 1, n),
                q -> rules.skipReason(q) == null && (s.retryFailed() || !Files.exists(file(q))));
        log.line(lines.point(head, result, code, pointMs, sweepStart, left));
      }
      record(p, result, ranHere, rules, tally);
    }
    rules.overloadSummary().forEach(log::line);
    target.stopChain();
    log.line(lines.done(n, tally.ran, tally.skipped, tally.failed, sweepStart, log.file()));
    return tally.failed == 0 ? ExitCode.OK.code() : ExitCode.FAILED.code();
  }

  /** An existing point's result (skipped), or null when it is to be run (none, or retried). */
  private PointResult existing(Path file, String head, Tally tally) throws IOException {
    if (!Files.exists(file)) {
      return null;
    }
    String unreadable = PointFiles.unreadable(file);
    if (unreadable != null) {
      Path aside = PointFiles.setAside(file);
      log.line(
          head
              + ": "
              + file
              + " is unreadable ("
              + unreadable
              + "); kept as "
              + aside
              + ", running the point again");
      return null;
    }
    PointResult existing = PointResult.read(file);
    if (s.retryFailed() && existing.state().retried()) {
      log.line(head + ": exists (" + existing.state() + "), retrying");
      Files.delete(file);
      return null;
    }
    tally.skipped++;
    log.line(head + ": exists (" + existing.state() + "), skipped");
    return existing;
  }

  /** A point's outcome for the exit code and the skip rules (a rate: kept up or not). */
  private void record(
      PlannedPoint p, PointResult result, boolean ranHere, SkipRules rules, Tally tally) {
    PointState state = result.state();
    String keptUp = null;
    if (p.load() == PlannedPoint.Load.RATE) {
      keptUp = state.finished() ? result.keptUp() : state.id;
      if (keptUp != null) {
        tally.failed++;
        log.line(p.protocol() + " at " + p.first() + "/s: did not keep up (" + keptUp + ")");
      }
    } else if (state != PointState.COMPLETE) {
      tally.failed++;
    }
    String line = rules.record(p, state, keptUp, ranHere);
    if (line != null) {
      log.line(line);
    }
  }

  /** Before a point: --out must have room for it, else one line and the resume command. */
  private void checkSpace() throws IOException {
    long freeKb = Files.getFileStore(s.out()).getUsableSpace() / 1024;
    if (freeKb < minFreeKb) {
      throw new NoSpace(
          "only "
              + freeKb
              + " KB free there (a point needs "
              + minFreeKb
              + " KB, RPCX_SWEEP_MIN_FREE_KB)");
    }
  }

  /** --out cannot take more: the sweep stops with {@link ExitCode#NO_SPACE}. */
  static final class NoSpace extends IOException {
    NoSpace(String why) {
      super(why);
    }
  }

  /** The line a full disk ends the sweep with. */
  String noSpaceLine(String why) {
    return lines.noSpace(why);
  }

  /**
   * The line an interrupted sweep ends with, printed by the shutdown hook after the resume line
   * (the caller's own closing line would race the JVM's exit).
   */
  void closingOnInterrupt(io.rpcxbench.raw.ClosingLine line) {
    closingOnInterrupt = line;
  }

  /** Whether the shutdown hook stopped this sweep (and printed its closing line). */
  boolean stoppedByHook() {
    return points.stopping();
  }

  /** The shutdown hook: Ctrl-C, kill -TERM. The point in progress is discarded, not half-kept. */
  private void interrupted() {
    points.stop(launcher);
    target.close();
    try {
      log.line(
          "interrupted; the point in progress was discarded (a resume runs it again), finished"
              + " points are kept");
      log.line("resume with: " + resumeCommand);
      if (closingOnInterrupt != null) {
        // the last line, from here: the JVM is going down, and the caller may not get to print it
        log.closing(closingOnInterrupt);
      }
    } catch (UncheckedIOException e) {
      // a full disk: the console line is what counts
    }
  }

  /** What a killed sweep left on this --out was stopped: the point it was running is discarded. */
  private void discardStrays(List<OwnProcesses.Entry> stopped) {
    for (OwnProcesses.Entry e : stopped) {
      if (e.kind().startsWith("point ")) {
        PointFiles.discardUnfinished(Path.of(e.kind().substring("point ".length())));
      }
    }
    if (!stopped.isEmpty()) {
      log.line(
          "a sweep on "
              + s.out()
              + " was killed before it could stop what it started: stopped its processes (pids "
              + String.join(" ", stopped.stream().map(e -> String.valueOf(e.pid())).toList())
              + ")");
    }
  }

  private static String now() {
    return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
