package io.rpcxbench.runner.choose;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.PointBuilder;
import io.rpcxbench.harness.PointRequest;
import io.rpcxbench.harness.config.WarmupPlan;
import io.rpcxbench.raw.RawResultFile;
import io.rpcxbench.runner.point.OwnProcesses;
import io.rpcxbench.runner.point.PlannedPoint;
import io.rpcxbench.runner.point.PointFiles;
import io.rpcxbench.runner.point.PointLauncher;
import io.rpcxbench.runner.point.PointResult;
import io.rpcxbench.runner.point.ServerSite;
import io.rpcxbench.runner.point.SweepLog;
import io.rpcxbench.runner.sweep.RunSite;
import io.rpcxbench.runner.sweep.SweepPoint;
import io.rpcxbench.runner.sweep.SweepSettings;
import io.rpcxbench.runner.sweep.SweepTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code choose} runs: each candidate's warm-up, its probes and its shared-load points, each a
 * harness point under a time limit of its own length, its file moved into the folder; every probe
 * read against the SLO (a probe that did not finish is no data, never a miss) and kept in {@code
 * probes.tsv}; a candidate's in-flight cap raised when the generator was the limit ({@link
 * InFlightCaps}).
 */
final class ChooseProbes implements ChooseRounds.Prober {
  private final ChooseSettings s;
  private final SweepTarget target;
  private final PointLauncher launcher;
  private final Map<String, String> provenance;
  private final SweepLog log;
  private final ProbeLedger probeLedger;
  private final ChooseDeadline deadline;
  private final InFlightCaps caps;
  private OwnProcesses own;
  private long readyTimeoutMs;
  private boolean serversFresh = true;

  ChooseProbes(
      ChooseSettings s,
      SweepTarget target,
      PointLauncher launcher,
      Map<String, String> provenance,
      SweepLog log,
      ProbeLedger probeLedger,
      ChooseDeadline deadline) {
    this.s = s;
    this.target = target;
    this.launcher = launcher;
    this.provenance = provenance;
    this.log = log;
    this.probeLedger = probeLedger;
    this.deadline = deadline;
    this.caps = new InFlightCaps(s, log, deadline, c -> probeRequest(s, c).maxInFlight());
  }

  /**
   * Fresh servers before each round (and each round of the shared load): a round is a trial, and a
   * trial is fresh server JVMs as well as fresh client ones.
   */
  ChooseProbes restartingServers(OwnProcesses processes, long timeoutMs) {
    this.own = processes;
    this.readyTimeoutMs = timeoutMs;
    return this;
  }

  @Override
  public void newRound(int round) throws IOException, InterruptedException {
    if (serversFresh) {
      serversFresh = false; // just started with this run: the first round has them fresh
      return;
    }
    if (own != null && target.freshServers(own, readyTimeoutMs)) {
      log.line("round " + round + ": fresh servers (a round is a trial)");
    }
  }

  /** Whether a candidate's search starts with a warm-up point (in this JVM, not on a fleet). */
  @Override
  public boolean warmsUp() {
    return warmsUp(s);
  }

  /**
   * The warm-up of every point of a choose whose probes run {@code inProcess} on {@code site}:
   * choose's steady warm-up ({@link ChooseTiming#WARMUP}); where each point runs in a fresh JVM (no
   * warm-up point before the search), with {@value Choose#WARMUP_THREADS} calls kept outstanding
   * through the open loop's own calls, as fast as the replies come; else at the probe's rate (the
   * warm-up point has warmed this JVM).
   */
  static WarmupPlan warmup(boolean inProcess, RunSite site) {
    return warmsUp(inProcess, site)
        ? ChooseTiming.WARMUP
        : ChooseTiming.WARMUP.withInFlight(Choose.WARMUP_THREADS);
  }

  static boolean warmsUp(ChooseSettings s) {
    return warmsUp(s.target().inProcess(), s.target().site());
  }

  private static boolean warmsUp(boolean inProcess, RunSite site) {
    return inProcess && site.target() != ServerSite.FLEET;
  }

  /**
   * Before a candidate's search, in the JVM its probes run in: a closed-loop point of {@value
   * Choose#WARMUP_THREADS} threads with the steady warm-up (as fast as the pair goes until its
   * throughput settles, JMH's way), so the client's and the server's code is compiled before the
   * first probe. An open-loop probe's own warm-up runs at its rate: at 10 calls/s it warms nothing
   * (a cold client measured p99 7-24 ms at 10-1000 calls/s that a warm one meets in 2 ms). Its file
   * is kept in {@code warmup/}; a forked probe's JVM is its own, so there it is skipped and each
   * point's steady warm-up keeps as many calls outstanding instead ({@code --warmup-in-flight},
   * {@link #warmup}).
   */
  @Override
  public double warmUp(int round, String candidate) throws IOException, InterruptedException {
    if (!warmsUp()) {
      return 0; // a fleet's probe runs in fresh JVMs on its hosts, each with the steady warm-up
    }
    String protocol = ChooseSettings.protocolOf(candidate);
    Path dir = s.out().resolve("warmup").resolve("round" + round).resolve(candidate);
    Path file =
        runPoint(
            candidate,
            round,
            PlannedPoint.grid(0, protocol, Choose.WARMUP_THREADS, Choose.WARMUP_CALLS),
            1,
            ChooseTiming.limitS(Choose.MAX_PROBE_S, 1),
            dir,
            false);
    PointResult warm = file == null ? null : PointResult.read(file);
    double rate = warm == null ? 0 : warm.throughput();
    log.line(
        "  round "
            + round
            + " "
            + candidate
            + ": warmed up ("
            + (warm == null ? "no file" : warm.throughputText() + " calls/s closed loop")
            + "); search from "
            + s.startAt(rate)
            + "/s");
    return rate;
  }

  /**
   * One probe: the point's file read against the SLO, each attempt a row of {@code probes.tsv}; a
   * contended one repeated under strict, while {@code --max-time} allows.
   */
  @Override
  public Slo.Verdict probe(int round, String candidate, int rate)
      throws IOException, InterruptedException {
    Path dir = s.out().resolve("probes").resolve("round" + round).resolve(candidate);
    int attempts = s.noiseGuard().equals("strict") ? 3 : 1;
    int seconds = Choose.probeSeconds(rate, s.probeS());
    Slo.Verdict v = null;
    for (boolean again = true; again; ) {
      v = probeAttempts(round, candidate, rate, dir, attempts, seconds);
      again = caps.raise(candidate, rate, v);
    }
    log.line(
        String.format(
            Locale.ROOT,
            "  round %d %s %d/s: %s%s%s",
            round,
            candidate,
            rate,
            switch (v.outcome()) {
              case MET -> "met";
              case MISSED -> "not met (" + v.why() + ")";
              case NO_DATA -> "no data (" + v.why() + "): neither met nor missed";
            },
            v.latencyMicros() == null
                ? ""
                : ", " + s.slo().percentileName() + " " + NumberText.duration(v.latencyMicros()),
            (v.limitedBy().isEmpty() ? "" : ", limited by " + v.limitedBy())
                + (v.contended() ? ", CONTENDED" : "")));
    return v;
  }

  /**
   * The harness judges the options every probe gets (the compression, the call, what followed "--")
   * for each candidate, before any server starts: a candidate whose stack has no such codec is bad
   * usage at once, not a failed probe later.
   *
   * @throws IllegalArgumentException with the harness's message
   */
  static void judgeHarnessOptions(ChooseSettings s) {
    s.candidates().forEach(candidate -> probeRequest(s, candidate));
  }

  /** A probe's request for {@code candidate}, its own codec included (at no host, any rate). */
  static PointRequest probeRequest(ChooseSettings s, String candidate) {
    PlannedPoint any = PlannedPoint.rate(0, ChooseSettings.protocolOf(candidate), 1, 1);
    return SweepPoint.of(s.target(), any, "127.0.0.1", 1, Map.of())
        .compression(CandidateName.of(candidate).codec())
        .request();
  }

  /** A probe's attempts: one, or under strict noise up to three while contended. */
  private Slo.Verdict probeAttempts(
      int round, String candidate, int rate, Path dir, int attempts, int seconds)
      throws IOException, InterruptedException {
    Slo.Verdict v = null;
    for (int a = 1; a <= attempts; a++) {
      Instant begun = Instant.now().truncatedTo(ChronoUnit.SECONDS);
      Path file =
          runPoint(
              candidate,
              round,
              rated(candidate, rate),
              1,
              ChooseTiming.limitS(seconds, 1),
              dir,
              true,
              probeTarget());
      v = file == null ? Slo.Verdict.noData("the harness wrote no file") : verdict(file, rate);
      probeLedger.add(
          new ProbeLedger.Probe(
              candidate,
              round,
              rate,
              v.outcome(),
              v.latencyMicros(),
              v.errors(),
              v.dropShare(),
              v.contended(),
              v.limitedBy(),
              begun,
              Instant.now().truncatedTo(ChronoUnit.SECONDS),
              file == null ? "" : s.out().relativize(file).toString()));
      if (!v.contended() || a == attempts) {
        break;
      }
      if (!deadline.allows(ChooseTiming.probeMs(s, rate))) {
        log.line(
            "  "
                + candidate
                + " "
                + rate
                + "/s ran on a contended machine; --max-time"
                + " leaves no time to repeat it");
        break;
      }
      log.line(
          "  "
              + candidate
              + " "
              + rate
              + "/s ran on a contended machine; repeating ("
              + a
              + "/"
              + (attempts - 1)
              + ")");
    }
    return v;
  }

  /** A probe's file against the SLO; an unreadable one is no data. */
  private Slo.Verdict verdict(Path file, int rate) {
    try {
      return s.slo()
          .check(RawResultFile.read(file), 1, (long) rate * Choose.probeSeconds(rate, s.probeS()));
    } catch (IOException e) {
      return Slo.Verdict.noData("its file cannot be read: " + e.getMessage());
    }
  }

  PlannedPoint rated(String candidate, int rate) {
    return PlannedPoint.rate(
        0, ChooseSettings.protocolOf(candidate), rate, Choose.probeSeconds(rate, s.probeS()));
  }

  /**
   * Runs {@code candidate}'s point {@code p}, {@code runs} runs under a {@code --time-limit} of
   * {@code limitS} (the point's own: a low rate's long probe needs more than a short one), its file
   * moved into {@code dir} (under a new name when {@code keep} and one is there); null when the
   * harness wrote none.
   */
  Path runPoint(
      String candidate, int round, PlannedPoint p, int runs, int limitS, Path dir, boolean keep)
      throws IOException, InterruptedException {
    return runPoint(candidate, round, p, runs, limitS, dir, keep, s.target());
  }

  /**
   * Where a probe runs, and with what warm-up: in the runner's JVM, warm from the candidate's
   * closed-loop warm-up, {@code --probe-warmup}'s; in a JVM of its own, the steady one that keeps
   * calls outstanding ({@link #warmup}).
   */
  private SweepSettings probeTarget() {
    return warmsUp() ? s.target().withWarmup(s.probeWarmup()) : s.target();
  }

  private Path runPoint(
      String candidate,
      int round,
      PlannedPoint p,
      int runs,
      int limitS,
      Path dir,
      boolean keep,
      SweepSettings settings)
      throws IOException, InterruptedException {
    String protocol = p.protocol();
    String profile = s.target().profile();
    Map<String, String> facts = new LinkedHashMap<>(provenance);
    facts.putAll(target.linkProvenance(profile));
    facts.put("choose_candidate", candidate);
    facts.put("choose_round", String.valueOf(round));
    PointBuilder point =
        SweepPoint.of(
                settings,
                p.across(p.index(), profile),
                target.host(profile),
                target.port(protocol, profile),
                facts,
                runs,
                limitS)
            .compression(CandidateName.of(candidate).codec())
            .maxInFlight(caps.capFor(candidate, p));
    target.addReaders(point, protocol);
    PointRequest request = point.request();
    List<String> args = request.args();
    Path staged = s.target().pointFile(request.resultFile());
    Files.deleteIfExists(staged);
    List<String> said = new ArrayList<>();
    log.fileOnly(
        "\n==== "
            + Instant.now().truncatedTo(ChronoUnit.SECONDS)
            + " "
            + candidate
            + " "
            + p.label()
            + ": "
            + String.join(" ", args));
    int code =
        launcher.run(
            args,
            staged,
            line -> {
              log.fileOnly(line);
              said.add(line);
              if (said.size() > 5) {
                said.remove(0);
              }
            });
    PointFiles.removeTemps(staged);
    if (!Files.exists(staged)) {
      log.line(
          "  "
              + candidate
              + " "
              + p.label()
              + ": the harness exited with "
              + code
              + " and wrote no file; it said:");
      said.forEach(l -> log.line("    " + l));
      if (code == ExitCode.USAGE.code()) {
        throw new IllegalArgumentException(
            "the harness rejected its arguments (exit 2): " + String.join(" | ", said));
      }
      return null;
    }
    Files.createDirectories(dir);
    Path file = dir.resolve(staged.getFileName());
    if (keep) {
      file = unused(file);
    }
    Files.move(staged, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return file;
  }

  /**
   * {@code file}, or {@code NAME-2.csv}, {@code NAME-3.csv}... when it is there: every probe kept.
   */
  private static Path unused(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String stem = dot < 0 ? name : name.substring(0, dot);
    String ext = dot < 0 ? "" : name.substring(dot);
    Path candidate = file;
    for (int i = 2; Files.exists(candidate); i++) {
      candidate = file.resolveSibling(stem + "-" + i + ext);
    }
    return candidate;
  }
}
