package io.rpcxbench.runner.compare;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.runner.point.PointLauncher;
import io.rpcxbench.runner.point.SweepLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One round of a point with {@code --pairing windows} ({@link WindowPairing}): every variant's
 * server and harness started afresh, released together once all are warmed up, their runs taking
 * turns; the round again, all of it, while steal was high or two variants' windows overlapped.
 */
final class WindowedRound {
  /** How long a windowed round waits at most for the machine to be quiet before its release. */
  static final long QUIET_MS = 15_000;

  /** What a windowed round takes from its comparison: the units' servers, JVMs and folders. */
  interface Trials {
    /** Starts {@code u}'s server afresh (pinned); the side that measures it into {@code dir}. */
    CompareSide startSide(ComparePlan.Unit u, Path dir, String started)
        throws IOException, InterruptedException;

    /** A harness JVM launcher of the comparison's class path, pinned to the client's CPUs. */
    PointLauncher newLauncher();

    /** Stops the current trial's servers. */
    void stopServers();

    /** The kept attempt's folder made the unit's, the others removed; its steal recorded. */
    void keep(ComparePlan.Unit u, StealRetry.Choice c) throws IOException;

    /** The log of {@code u}'s harness and server. */
    Path logFile(ComparePlan.Unit u);
  }

  private final CompareSettings s;
  private final SweepLog log;
  private final Trials trials;
  private final List<PointLauncher> launchers;

  /**
   * @param launchers the harness launchers the interrupt stops: the round's are in it while it runs
   */
  WindowedRound(CompareSettings s, SweepLog log, Trials trials, List<PointLauncher> launchers) {
    this.s = s;
    this.log = log;
    this.trials = trials;
    this.launchers = launchers;
  }

  /** Round {@code round} of {@code point}, skipped when measured earlier; its exit code. */
  int run(ComparePoint point, int round, StealRetry retry)
      throws IOException, InterruptedException {
    List<ComparePlan.Unit> units =
        s.plan().order(round).stream().map(v -> new ComparePlan.Unit(point, round, v)).toList();
    String head = "  " + point.name() + " round " + round + " in windows";
    if (units.stream().allMatch(s::finished)) {
      log.line(head + ": measured earlier, kept");
      return ExitCode.OK.code();
    }
    for (ComparePlan.Unit u : units) {
      Attempts.deleteAll(s.unitDir(u));
      Files.deleteIfExists(trials.logFile(u));
    }
    long[] overlap = new long[1];
    StealRetry.Choice c =
        retry.run(
            attempt -> {
              for (int spoiled = 0; ; spoiled++) {
                int code = windows(units, attempt);
                overlap[0] = overlapUs(units, attempt);
                if (overlap[0] <= WindowPairing.OVERLAP_ALLOWED_US || spoiled >= s.retries()) {
                  return code;
                }
                log.line(
                    head
                        + ": two variants' windows overlapped by "
                        + overlap[0] / 1000
                        + " ms: the round again");
                for (ComparePlan.Unit u : units) {
                  Attempts.deleteRecursively(Attempts.dir(s.unitDir(u), attempt));
                }
              }
            });
    for (ComparePlan.Unit u : units) {
      trials.keep(u, c);
    }
    log.line(
        head
            + ": exit "
            + c.code()
            + ", steal "
            + c.stealText()
            + " %, windows overlapping "
            + overlap[0] / 1000
            + " ms at most");
    return c.code();
  }

  /** The round's variants measured in turns; the worst exit code of their harnesses. */
  private int windows(List<ComparePlan.Unit> units, int attempt)
      throws IOException, InterruptedException {
    String started = Instant.now().toString();
    List<PointLauncher> ours = new ArrayList<>();
    for (int i = 0; i < units.size(); i++) {
      PointLauncher l = trials.newLauncher();
      l.prestart(List.of()); // every harness JVM starts while the servers do
      ours.add(l);
      launchers.add(l);
    }
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(units.size());
    try {
      Path releases = Files.createDirectories(s.out().resolve("logs").resolve("releases"));
      List<CompareSide> sides = new ArrayList<>();
      for (ComparePlan.Unit u : units) {
        sides.add(trials.startSide(u, Attempts.dir(s.unitDir(u), attempt), started));
      }
      List<Path> release = new ArrayList<>();
      List<java.util.concurrent.Future<Integer>> codes = new ArrayList<>();
      for (int i = 0; i < sides.size(); i++) {
        Path r = releases.resolve(units.get(i).name());
        Files.deleteIfExists(r); // an earlier attempt's, read as this one's otherwise
        Files.deleteIfExists(io.rpcxbench.harness.load.ReleaseFile.ready(r));
        release.add(r);
        CompareSide side = sides.get(i).awaiting(r);
        PointLauncher l = ours.get(i);
        codes.add(pool.submit(() -> CompareSide.run(l, side)));
      }
      if (ReleaseWait.allReady(release, codes, ReleaseWait.READY_MS)) {
        QuietMachine.Wait quiet = QuietMachine.await(QUIET_MS);
        log.line("  all warmed up; the machine " + quiet.text());
        long t0 = System.currentTimeMillis() + WindowPairing.LEAD_MS;
        Map<String, List<Long>> at =
            s.windows().instants(s.plan().order(units.get(0).round()), s.runs(), t0);
        for (int i = 0; i < units.size(); i++) {
          AtomicText.write(
              release.get(i),
              io.rpcxbench.harness.load.ReleaseFile.text(at.get(units.get(i).variant())));
        }
      } else {
        log.line("  a harness of the round ended before all were warmed up: the others stopped");
        ours.forEach(PointLauncher::stop);
      }
      int worst = ExitCode.OK.code();
      for (java.util.concurrent.Future<Integer> f : codes) {
        worst = Math.max(worst, ReleaseWait.code(f));
      }
      return worst;
    } finally {
      pool.shutdownNow();
      trials.stopServers();
      ours.forEach(PointLauncher::stop);
      launchers.removeAll(ours);
    }
  }

  /** The most two variants' runs of the round's attempt overlapped, µs (their files' windows). */
  private long overlapUs(List<ComparePlan.Unit> units, int attempt) throws IOException {
    List<WindowPairing.Window> all = new ArrayList<>();
    for (ComparePlan.Unit u : units) {
      Path file = s.point(u, 1, Attempts.dir(s.unitDir(u), attempt)).request().resultFile();
      if (Files.isRegularFile(file)) {
        for (io.rpcxbench.raw.RunRow r : io.rpcxbench.raw.RawResultFile.read(file).rows()) {
          var start = r.extra(io.rpcxbench.harness.load.RunInstants.START);
          var end = r.extra(io.rpcxbench.harness.load.RunInstants.END);
          if (start.isPresent() && end.isPresent()) {
            all.add(
                new WindowPairing.Window(
                    u.variant(),
                    r.order(),
                    Long.parseLong(start.get()),
                    Long.parseLong(end.get())));
          }
        }
      }
    }
    return WindowPairing.overlapUs(all);
  }
}
