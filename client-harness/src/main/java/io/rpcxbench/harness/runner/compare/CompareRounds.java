package io.rpcxbench.harness.runner.compare;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.harness.output.ClassDataSharing;
import io.rpcxbench.harness.runner.point.AtomicFile;
import io.rpcxbench.harness.runner.point.ClassDataArchives;
import io.rpcxbench.harness.runner.point.Install;
import io.rpcxbench.harness.runner.point.LocalServers;
import io.rpcxbench.harness.runner.point.MachineFacts;
import io.rpcxbench.harness.runner.point.OutFolderRun;
import io.rpcxbench.harness.runner.point.OwnProcesses;
import io.rpcxbench.harness.runner.point.Placement;
import io.rpcxbench.harness.runner.point.PointFiles;
import io.rpcxbench.harness.runner.point.PointLauncher;
import io.rpcxbench.harness.runner.point.ServerStats;
import io.rpcxbench.harness.runner.point.SweepLog;
import io.rpcxbench.harness.runner.sweep.Sweep;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

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
  static final int OK = 0;
  static final int FAILURES = 1;
  static final long BACKSTOP_MS = 6 * 3600_000L;

  private final Install install;
  private CompareSettings s;
  private final int plannedRounds;
  private final Map<String, CatalogEntry> catalog;
  private final SweepLog log;
  private final Placement placement;
  private final StealRetry.Meter meter;
  private final java.io.PrintWriter out;
  private final Map<String, String> steal = new LinkedHashMap<>();
  private volatile LocalServers servers;
  private final ClassDataArchives archives = ClassDataArchives.inUserCache();
  private JarSnapshot jars;
  private PointLauncher launcher;
  private OwnProcesses own;
  private long readyTimeoutMs;
  private final Map<String, CatalogEntry> serverOf = new LinkedHashMap<>();
  private List<String> machine = List.of();

  CompareRounds(
      Install install,
      CompareSettings s,
      Map<String, CatalogEntry> catalog,
      SweepLog log,
      Placement placement,
      StealRetry.Meter meter,
      java.io.PrintWriter out) {
    this.install = install;
    this.s = s;
    this.plannedRounds = s.plan().rounds();
    this.out = out;
    this.catalog = catalog;
    this.log = log;
    this.placement = placement;
    this.meter = meter;
  }

  /** The units' exit code: {@value #OK}, {@value #FAILURES}, or {@link OutFolderRun#LOCKED}. */
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
                Path report = reportJar(install.reportJar().toAbsolutePath().normalize());
                if (s.jars() != null) {
                  int diff = CompareReport.diff(s, plannedRounds, install.java(), report, out, log);
                  while (code == OK && diff == ExitCode.INCONCLUSIVE.code() && s.mayAddRound()) {
                    s = s.withRoundAdded();
                    log.line(
                        "a gate is undecided: adding round "
                            + s.plan().rounds()
                            + " (at most "
                            + s.mostRounds()
                            + "; every look at the design's one lower level)");
                    code = units();
                    stopServers();
                    diff = CompareReport.diff(s, plannedRounds, install.java(), report, out, log);
                  }
                  if (code == OK) {
                    CompareReport.ledger(s, plannedRounds, install.java(), report, log);
                  }
                  return code != OK ? code : diff;
                }
                int tables =
                    CompareReport.write(s, install.java(), report, placement, machine, out, log);
                return code != OK ? code : tables;
              }

              @Override
              public void interrupted() {
                if (launcher != null) {
                  launcher.stop();
                }
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

  /** The report jar's copy (or the jar itself when it was not copied). */
  private Path reportJar(Path reportJar) {
    Path rel =
        reportJar.startsWith(s.home()) ? s.home().relativize(reportJar) : reportJar.getFileName();
    Path copy = jars == null ? null : jars.home().resolve(rel);
    return copy != null && Files.isRegularFile(copy) ? copy : reportJar;
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
    others.add(install.reportJar().toAbsolutePath().normalize());
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
        serverOf.put(side, builds.server(entries.get(0), copy));
        jarLines.add(
            builds.sha256(side).substring(0, 16) + " " + side + " build " + builds.jar(side));
      }
      CompareBuilds.record(s.out(), builds);
    }
    AtomicFile.write(s.out().resolve("jars.txt"), lines(jarLines));
    machine = machine();
    AtomicFile.write(s.out().resolve("machine.txt"), lines(machine));
    machine.forEach(log::line);
    if (builds != null && builds.identical()) {
      log.line(
          "the two builds are the same bytes (sha256 "
              + builds.baseSha256().substring(0, 16)
              + "): an A/A, which must not differ");
    }
    readSteal();
    s.tls().make(s.home(), CompareSettings.HOST, log::line);
    launcher =
        new PointLauncher.Forked(
            placement.clientPrefix(),
            s.jvmFlagList(),
            BACKSTOP_MS,
            own,
            jars.classPath(),
            archives);
    try {
      return units();
    } finally {
      launcher.stop(); // a JVM started ahead for a trial that did not come
    }
  }

  /** The plan's units not measured yet, in order; {@value #OK} or {@value #FAILURES}. */
  private int units() throws IOException, InterruptedException {
    JarPair builds = s.jars();
    StealRetry retry = new StealRetry(s.maxSteal(), s.retries(), meter, log::line);
    int failures = 0;
    String current = "";
    for (ComparePlan.Unit u : s.plan().units()) {
      String round = u.point().name() + ", round " + u.round() + "/" + s.plan().rounds();
      if (!round.equals(current)) {
        current = round;
        log.line(round + ": " + String.join(" ", s.plan().order(u.round())));
      }
      if (unit(u, retry) != 0) {
        failures++;
      }
    }
    if (builds != null) {
      CompareBuilds.completeRounds(s).forEach(log::line);
    }
    return failures == 0 ? OK : FAILURES;
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
      return 0;
    }
    deleteTries(dir);
    String name = u.point().name() + "-round" + u.round() + "-" + u.variant();
    Path logFile = s.out().resolve("logs").resolve(name + ".log");
    Files.deleteIfExists(logFile);
    String protocol = s.protocol(u.variant());
    StealRetry.Choice c =
        retry.run(
            attempt -> {
              Path tryDir = tryDir(dir, attempt);
              String started = Instant.now().toString();
              launcher.prestart(List.of()); // the harness JVM starts while the server does
              servers =
                  new LocalServers(
                      jars.home(),
                      CompareSettings.HOST,
                      placement.serverPrefix(),
                      s.jvmFlagList(),
                      Files.createDirectories(s.out().resolve("logs").resolve(name + "-server")),
                      line -> append(logFile, line),
                      own,
                      readyTimeoutMs,
                      archives);
              Integer port;
              try {
                port =
                    servers
                        .startAll(List.of(serverOf.get(u.variant())), s.tls().serverArgs())
                        .get(protocol);
              } catch (IOException e) {
                stopServers();
                launcher.stop();
                throw new IllegalStateException(
                    "the server of " + u.variant() + " did not start: " + e.getMessage(), e);
              }
              if (port == null) {
                stopServers();
                throw new IllegalStateException(u.variant() + ": no server was started for it");
              }
              try {
                List<String> stats = ServerStats.proc().args(protocol, servers.pids(protocol));
                List<String> args = new ArrayList<>(s.harnessArgs(u, port, stats, tryDir));
                args.addAll(List.of("--provenance", "trial_started=" + started));
                args.addAll(List.of("--provenance", ClassDataSharing.KEY + "=" + archives.text()));
                args.addAll(
                    List.of(
                        "--provenance",
                        "server_pid="
                            + String.join(
                                ",",
                                servers.pids(protocol).stream().map(String::valueOf).toList())));
                Path tryFile = HarnessPoints.resultFile(args);
                append(logFile, "==== attempt " + attempt + ": " + String.join(" ", args));
                List<String> said = new ArrayList<>();
                int code =
                    launcher.run(
                        args,
                        tryFile,
                        line -> {
                          append(logFile, line);
                          said.add(line);
                          if (said.size() > 5) {
                            said.remove(0);
                          }
                        });
                PointFiles.removeTemps(tryFile);
                if (code == Sweep.USAGE) {
                  throw new IllegalArgumentException(
                      "the harness refused its options ("
                          + u.variant()
                          + "): "
                          + String.join(" | ", said));
                }
                return code;
              } finally {
                stopServers();
              }
            });
    deleteRecursively(dir);
    Path kept = tryDir(dir, c.kept());
    if (Files.exists(kept)) {
      Files.createDirectories(dir.getParent());
      Files.move(kept, dir, StandardCopyOption.ATOMIC_MOVE);
    }
    deleteTries(dir);
    steal.put(u.point().name() + "\t" + u.variant() + "\t" + u.round(), c.stealText());
    writeSteal();
    log.line(
        head + ": exit " + c.code() + ", steal " + c.stealText() + " % (log: " + logFile + ")");
    return c.code();
  }

  private static Path tryDir(Path dir, int attempt) {
    return dir.resolveSibling(dir.getFileName() + ".try" + attempt);
  }

  private static void append(Path file, String line) {
    try {
      Files.writeString(
          file,
          line + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot append to " + file, e);
    }
  }

  /** steal.tsv as an earlier run on this folder left it (its units are kept). */
  private void readSteal() throws IOException {
    Path f = s.out().resolve("steal.tsv");
    if (Files.exists(f)) {
      for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
        String[] p = line.split("\t");
        if (p.length == 4) {
          steal.put(p[0] + "\t" + p[1] + "\t" + p[2], p[3]);
        }
      }
    }
  }

  /** steal.tsv: point, variant, round and the kept attempt's steal, one unit a line. */
  private void writeSteal() throws IOException {
    StringBuilder b = new StringBuilder();
    steal.forEach((k, v) -> b.append(k).append('\t').append(v).append('\n'));
    AtomicFile.write(s.out().resolve("steal.tsv"), b.toString());
  }

  private static void deleteTries(Path dir) throws IOException {
    if (!Files.isDirectory(dir.getParent())) {
      return;
    }
    try (Stream<Path> siblings = Files.list(dir.getParent())) {
      for (Path p : siblings.toList()) {
        if (p.getFileName().toString().startsWith(dir.getFileName() + ".try")) {
          deleteRecursively(p);
        }
      }
    }
  }

  private static void deleteRecursively(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(p)) {
      for (Path q : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(q);
      }
    }
  }

  private static String lines(List<String> lines) {
    return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
  }

  /** Stops the current trial's server (the hook's and the trial's end may both call it). */
  private void stopServers() {
    LocalServers current = servers;
    servers = null;
    if (current != null) {
      try {
        current.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
