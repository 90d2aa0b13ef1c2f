package io.rpcxbench.runner.compare;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.harness.PointBuilder;
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
 * while the hypervisor stole too much ({@link StealRetry}); with {@code --pairing windows} a
 * round's variants run together ({@link WindowedRound}). Its folder: {@code
 * raw/<point>/round<k>/<variant>/} (one raw file each; with two builds {@code
 * base|new/<point>/round<k>/<protocol>/}), {@code steal.tsv}, {@code machine.txt}, {@code logs/},
 * {@code jars.txt}; the tables come after, from {@code report compare} (with two builds: {@code
 * report diff base new}, whose exit code is the comparison's). A rerun on the same folder skips the
 * units whose raw file is complete.
 */
final class CompareRounds implements WindowedRound.Trials {
  static final long BACKSTOP_MS = 6 * 3600_000L;

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
        if (first
            && new WindowedRound(s, log, this, launchers).run(u.point(), u.round(), retry)
                != ExitCode.OK.code()) {
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

  /** A harness JVM launcher of this comparison's class path, pinned to the client's CPUs. */
  @Override
  public PointLauncher newLauncher() {
    return new PointLauncher.Forked(
        placement.clientPrefix(), s.jvmFlagList(), BACKSTOP_MS, own, jars.classPath(), archives);
  }

  /** The kept attempt's folder made the unit's, the others removed; its steal recorded. */
  @Override
  public void keep(ComparePlan.Unit u, StealRetry.Choice c) throws IOException {
    Attempts.keep(s.unitDir(u), c.kept());
    steal.put(u.point().name(), u.variant(), u.round(), c.stealText());
    steal.write(s.out());
  }

  @Override
  public Path logFile(ComparePlan.Unit u) {
    return s.out().resolve("logs").resolve(u.name() + ".log");
  }

  /**
   * Starts {@code u}'s server afresh (pinned); the harness arguments for its file in {@code dir}.
   */
  @Override
  public CompareSide startSide(ComparePlan.Unit u, Path dir, String started)
      throws IOException, InterruptedException {
    Path logFile = logFile(u);
    String protocol = s.protocol(u.variant());
    LocalServers servers =
        new LocalServers(
            jars.home(),
            CompareSettings.HOST,
            placement.serverPrefix(),
            s.jvmFlagList(),
            Files.createDirectories(s.out().resolve("logs").resolve(u.name() + "-server")),
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
    PointBuilder point = s.point(u, port, dir);
    ServerStats.proc().addTo(point, protocol, servers.pids(protocol));
    point
        .fact("trial_started", started)
        .fact(ClassDataSharing.KEY, archives.text())
        .fact("pairing", s.pairingText());
    if (s.jars() != null && !s.jars().args(u.variant()).isEmpty()) {
      point.fact("server_args", String.join(" ", s.jars().args(u.variant())));
    }
    point.fact(
        "server_pid",
        String.join(",", servers.pids(protocol).stream().map(String::valueOf).toList()));
    return new CompareSide(u, logFile, point);
  }

  private static String lines(List<String> lines) {
    return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
  }

  /** Stops the current trial's servers (the hook's and the trial's end may both call it). */
  @Override
  public void stopServers() {
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
