package io.rpcxbench.runner.compare;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.harness.output.ClassDataSharing;
import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.runner.point.ClassDataArchives;
import io.rpcxbench.runner.point.LocalServers;
import io.rpcxbench.runner.point.MachineFacts;
import io.rpcxbench.runner.point.OutFolderRun;
import io.rpcxbench.runner.point.OwnProcesses;
import io.rpcxbench.runner.point.Placement;
import io.rpcxbench.runner.point.PointLauncher;
import io.rpcxbench.runner.point.ServerStats;
import io.rpcxbench.runner.point.SweepLog;
import io.rpcxbench.verdict.compare.StealTable;
import io.rpcxbench.verdict.diff.DiffVerdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code rpcx-bench compare}'s measurement: the jars copied ({@link JarSnapshot}; with two builds
 * those two as well, {@link JarPair}); then the plan's units ({@link ComparePlan#units}: point by
 * point, round by round, each round in its own seeded random order), each a trial: a fresh server
 * JVM on loopback, pinned ({@link Placement}), and a fresh harness JVM pinned to the client's CPUs
 * that measures it ({@code --server-pid}), its file recording its round, its place in the round's
 * order and when it started; the server is stopped after it. A trial is run again, server and all,
 * while the hypervisor stole too much ({@link StealRetry}). Its folder: {@code
 * raw/<point>/round<k>/<variant>/} (one raw file each; with two builds {@code
 * base|new/<point>/round<k>/<protocol>/}), {@code steal.tsv}, {@code machine.txt}, {@code logs/},
 * {@code jars.txt}; the tables come after, from {@code report compare} (with two builds: {@code
 * report diff base new}, whose exit code is the comparison's). A rerun on the same folder skips the
 * units whose raw file is complete.
 */
final class CompareRounds {
  static final long BACKSTOP_MS = 6 * 3600_000L;

  /** How long a windowed round waits at most for the machine to be quiet before its release. */
  static final long QUIET_MS = 15_000;

  private CompareSettings s;
  private final int plannedRounds;
  private final Map<String, CatalogEntry> catalog;
  private final SweepLog log;
  private final Placement placement;
  private final StealRetry.Meter meter;
  private final java.io.PrintWriter out;
  private StealTable steal;
  private final List<LocalServers> running = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final ClassDataArchives archives = ClassDataArchives.inUserCache();
  private JarSnapshot jars;
  private PointLauncher launcher;
  private final List<PointLauncher> launchers = new java.util.concurrent.CopyOnWriteArrayList<>();
  private OwnProcesses own;
  private long readyTimeoutMs;
  private final Map<String, CatalogEntry> serverOf = new LinkedHashMap<>();
  private List<String> machine = List.of();

  CompareRounds(
      CompareSettings s,
      Map<String, CatalogEntry> catalog,
      SweepLog log,
      Placement placement,
      StealRetry.Meter meter,
      java.io.PrintWriter out) {
    this.s = s;
    this.plannedRounds = s.plan().rounds();
    this.out = out;
    this.catalog = catalog;
    this.log = log;
    this.placement = placement;
    this.meter = meter;
  }

  /**
   * The units' exit code: {@link ExitCode#OK}, {@link ExitCode#FAILED} or {@link ExitCode#LOCKED}.
   */
  int run(long readyTimeoutMs) throws IOException, InterruptedException {
    String holder = "pid " + ProcessHandle.current().pid() + ", started " + Instant.now();
    return new OutFolderRun(s.out(), "compare", log)
        .run(
            holder,
            h ->
                "another run is using "
                    + s.out()
                    + " ("
                    + h
                    + "); wait for it or use another --out",
            new OutFolderRun.Steps() {
              @Override
              public int work(OwnProcesses own) throws IOException, InterruptedException {
                int code = measure(own, readyTimeoutMs);
                stopServers();
                if (s.jars() != null) {
                  DiffVerdict last = CompareReport.diff(s, plannedRounds, out, log);
                  while (code == ExitCode.OK.code()
                      && last.exitCode() == ExitCode.INCONCLUSIVE
                      && s.mayAddRound()) {
                    s = s.withRoundAdded();
                    log.line(
                        "a gate is undecided: adding round "
                            + s.plan().rounds()
                            + " (at most "
                            + s.mostRounds()
                            + "; every look at the design's one lower level)");
                    code = units();
                    stopServers();
                    last = CompareReport.diff(s, plannedRounds, out, log);
                  }
                  if (code == ExitCode.OK.code()) {
                    CompareReport.ledger(s, last, log);
                  }
                  CompareReport.closing(s, last).ifPresent(log::closing);
                  return code != ExitCode.OK.code() ? code : last.exitCode().code();
                }
                int tables = CompareReport.write(s, placement, machine, out, log);
                return code != ExitCode.OK.code() ? code : tables;
              }

              @Override
              public void interrupted() {
                if (launcher != null) {
                  launcher.stop();
                }
                launchers.forEach(PointLauncher::stop);
                close();
                log.line(
                    "interrupted; finished rounds are in "
                        + s.out()
                        + ": rerun the same command to resume");
              }

              @Override
              public void close() {
                stopServers();
                if (jars != null) {
                  jars.drop();
                }
              }
            });
  }

  private int measure(OwnProcesses own, long readyTimeoutMs)
      throws IOException, InterruptedException {
    this.own = own;
    this.readyTimeoutMs = readyTimeoutMs;
    Files.createDirectories(s.out().resolve("logs"));
    JarPair builds = s.jars();
    if (builds != null) {
      CompareBuilds.checkResume(s.out(), builds);
    }
    List<String> protocols = builds == null ? s.plan().variants() : List.of(builds.protocol());
    List<CatalogEntry> entries = protocols.stream().map(catalog::get).toList();
    List<Path> others = new ArrayList<>();
    if (builds == null) {
      entries.forEach(e -> others.add(s.home().resolve(e.serverJar())));
    }
    jars =
        JarSnapshot.take(s.home(), s.out().resolve("jars"), JarSnapshot.currentClassPath(), others);
    List<String> jarLines = new ArrayList<>(jars.lines());
    if (builds == null) {
      entries.forEach(e -> serverOf.put(e.id(), e));
    } else {
      for (String side : JarPair.SIDES) {
        Path copy = builds.copy(side, jars.home().resolve("builds"));
        serverOf.put(side, builds.server(side, entries.get(0), copy));
        jarLines.add(
            builds.sha256(side).substring(0, 16)
                + " "
                + side
                + " build "
                + builds.jar(side)
                + (builds.args(side).isEmpty()
                    ? ""
                    : ", server arguments " + String.join(" ", builds.args(side))));
      }
      CompareBuilds.record(s.out(), builds);
    }
    AtomicText.write(s.out().resolve("jars.txt"), lines(jarLines));
    machine = machine();
    AtomicText.write(s.out().resolve("machine.txt"), lines(machine));
    machine.forEach(log::line);
    if (builds != null && builds.identical()) {
      log.line(
          "the two builds are the same bytes (sha256 "
              + builds.baseSha256().substring(0, 16)
              + "): an A/A, which must not differ");
    }
    steal = StealTable.read(s.out());
    s.tls().make(s.home(), CompareSettings.HOST, log::line);
    launcher = newLauncher();
    try {
      return units();
    } finally {
      launcher.stop(); // a JVM started ahead for a trial that did not come
    }
  }

  /**
   * The plan's units not measured yet, in order; {@link ExitCode#OK} or {@link ExitCode#FAILED}.
   */
  private int units() throws IOException, InterruptedException {
    JarPair builds = s.jars();
    StealRetry retry = new StealRetry(s.maxSteal(), s.retries(), meter, log::line);
    int failures = 0;
    String current = "";
    for (ComparePlan.Unit u : s.plan().units()) {
      String round = u.point().name() + ", round " + u.round() + "/" + s.plan().rounds();
      boolean first = !round.equals(current);
      if (first) {
        current = round;
        log.line(round + ": " + String.join(" ", s.plan().order(u.round())));
      }
      if (s.windows() != null) {
        if (first && windowedRound(u.point(), u.round(), retry) != ExitCode.OK.code()) {
          failures++;
        }
      } else if (unit(u, retry) != ExitCode.OK.code()) {
        failures++;
      }
    }
    if (builds != null) {
      CompareBuilds.completeRounds(s).forEach(log::line);
    }
    return failures == 0 ? ExitCode.OK.code() : ExitCode.FAILED.code();
  }

  /** The machine, the placement and the settings: machine.txt, and the document's list. */
  private List<String> machine() {
    List<String> m = new ArrayList<>(MachineFacts.lines(s.home()));
    if (jars != null && !jars.lines().isEmpty()) {
      m.add("jars (copied before the first run): " + jars.text());
    }
    m.add("pinning: " + placement.text());
    m.addAll(s.describe());
    return m;
  }

  /**
   * One unit, a trial: skipped when its file is complete, else its server started afresh and one
   * harness JVM run against it, the server stopped after (again, both, while steal was high).
   */
  private int unit(ComparePlan.Unit u, StealRetry retry) throws IOException, InterruptedException {
    Path dir = s.unitDir(u);
    String head = "  " + u.point().name() + " round " + u.round() + " " + u.variant();
    if (s.finished(u)) {
      log.line(head + ": measured earlier, kept");
      return ExitCode.OK.code();
    }
    Attempts.deleteAll(dir);
    Files.deleteIfExists(logFile(u));
    StealRetry.Choice c =
        retry.run(
            attempt -> {
              String started = Instant.now().toString();
              launcher.prestart(List.of()); // the harness JVM starts while the server does
              try {
                CompareSide side = startSide(u, Attempts.dir(dir, attempt), started);
                return CompareSide.run(launcher, side);
              } catch (IllegalStateException e) {
                launcher.stop();
                throw e;
              } finally {
                stopServers();
              }
            });
    keep(u, c);
    log.line(
        head + ": exit " + c.code() + ", steal " + c.stealText() + " % (log: " + logFile(u) + ")");
    return c.code();
  }

  /**
   * One round of a point with {@code --pairing windows} ({@link WindowPairing}): every variant's
   * server and harness started afresh, released together once all are warmed up, their runs taking
   * turns; the round again, all of it, while steal was high or two variants' windows overlapped.
   */
  private int windowedRound(ComparePoint point, int round, StealRetry retry)
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
      Files.deleteIfExists(logFile(u));
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
      keep(u, c);
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
      PointLauncher l = newLauncher();
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
        sides.add(startSide(u, Attempts.dir(s.unitDir(u), attempt), started));
      }
      List<Path> release = new ArrayList<>();
      List<java.util.concurrent.Future<Integer>> codes = new ArrayList<>();
      for (int i = 0; i < sides.size(); i++) {
        Path r = releases.resolve(unitName(units.get(i)));
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
      stopServers();
      ours.forEach(PointLauncher::stop);
      launchers.removeAll(ours);
    }
  }

  /** The most two variants' runs of the round's attempt overlapped, µs (their files' windows). */
  private long overlapUs(List<ComparePlan.Unit> units, int attempt) throws IOException {
    List<WindowPairing.Window> all = new ArrayList<>();
    for (ComparePlan.Unit u : units) {
      Path file =
          HarnessPoints.request(s.harnessArgs(u, 1, List.of(), Attempts.dir(s.unitDir(u), attempt)))
              .resultFile();
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

  /** A harness JVM launcher of this comparison's class path, pinned to the client's CPUs. */
  private PointLauncher newLauncher() {
    return new PointLauncher.Forked(
        placement.clientPrefix(), s.jvmFlagList(), BACKSTOP_MS, own, jars.classPath(), archives);
  }

  /** The kept attempt's folder made the unit's, the others removed; its steal recorded. */
  private void keep(ComparePlan.Unit u, StealRetry.Choice c) throws IOException {
    Attempts.keep(s.unitDir(u), c.kept());
    steal.put(u.point().name(), u.variant(), u.round(), c.stealText());
    steal.write(s.out());
  }

  private static String unitName(ComparePlan.Unit u) {
    return u.point().name() + "-round" + u.round() + "-" + u.variant();
  }

  private Path logFile(ComparePlan.Unit u) {
    return s.out().resolve("logs").resolve(unitName(u) + ".log");
  }

  /**
   * Starts {@code u}'s server afresh (pinned); the harness arguments for its file in {@code dir}.
   */
  private CompareSide startSide(ComparePlan.Unit u, Path dir, String started)
      throws IOException, InterruptedException {
    Path logFile = logFile(u);
    String protocol = s.protocol(u.variant());
    LocalServers servers =
        new LocalServers(
            jars.home(),
            CompareSettings.HOST,
            placement.serverPrefix(),
            s.jvmFlagList(),
            Files.createDirectories(s.out().resolve("logs").resolve(unitName(u) + "-server")),
            line -> CompareSide.append(logFile, line),
            own,
            readyTimeoutMs,
            archives);
    running.add(servers);
    Integer port;
    try {
      port =
          servers.startAll(List.of(serverOf.get(u.variant())), s.tls().serverArgs()).get(protocol);
    } catch (IOException e) {
      throw new IllegalStateException(
          "the server of " + u.variant() + " did not start: " + e.getMessage(), e);
    }
    if (port == null) {
      throw new IllegalStateException(u.variant() + ": no server was started for it");
    }
    List<String> stats = ServerStats.proc().args(protocol, servers.pids(protocol));
    List<String> args = new ArrayList<>(s.harnessArgs(u, port, stats, dir));
    args.addAll(List.of("--provenance", "trial_started=" + started));
    args.addAll(List.of("--provenance", ClassDataSharing.KEY + "=" + archives.text()));
    args.addAll(List.of("--provenance", "pairing=" + s.pairingText()));
    if (s.jars() != null && !s.jars().args(u.variant()).isEmpty()) {
      args.addAll(
          List.of("--provenance", "server_args=" + String.join(" ", s.jars().args(u.variant()))));
    }
    args.addAll(
        List.of(
            "--provenance",
            "server_pid="
                + String.join(",", servers.pids(protocol).stream().map(String::valueOf).toList())));
    return new CompareSide(u, logFile, args);
  }

  private static String lines(List<String> lines) {
    return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
  }

  /** Stops the current trial's servers (the hook's and the trial's end may both call it). */
  private void stopServers() {
    for (LocalServers current : running) {
      running.remove(current);
      try {
        current.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
