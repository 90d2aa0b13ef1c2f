package io.rpcxbench.runner.choose;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.raw.ChooseFacts;
import io.rpcxbench.raw.ChooseFacts.Key;
import io.rpcxbench.runner.point.Eta;
import io.rpcxbench.runner.point.OutFolderRun;
import io.rpcxbench.runner.point.OwnProcesses;
import io.rpcxbench.runner.point.PointFiles;
import io.rpcxbench.runner.point.PointLauncher;
import io.rpcxbench.runner.point.PointResult;
import io.rpcxbench.runner.point.ServerSite;
import io.rpcxbench.runner.point.SweepLog;
import io.rpcxbench.runner.sweep.SweepTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code rpcx-bench choose}: per round (a trial: fresh servers, the candidates in a random order of
 * the round's own, so drift hits all alike) each candidate's SLO capacity by {@link
 * CapacitySearch}, every round's search from its own warm-up ({@link ChooseRounds}), each probe one
 * open-loop point with the steady warm-up and a time limit of its own length ({@link
 * ChooseTiming}), every probe kept in {@code probes.tsv} ({@link ProbeLedger}); then every
 * candidate at one shared rate in the planned rounds; then the report's scorecard ({@code report
 * choose}). Before the search, an SLO the link alone cannot meet stops it ({@link LinkFloor}).
 * After {@code --rounds} it adds rounds only while a pair is undecided ({@link RoundsRule}); {@code
 * --max-time} is a hard limit that no probe or shared-load run is started past ({@link
 * ChooseDeadline}). What it asked and did is {@code choose.properties} ({@link
 * io.rpcxbench.raw.ChooseFacts}). Everything goes to {@code --out}; a rerun on the same folder
 * resumes (the searches and shared points it has are not run again).
 */
final class Choose {
  static final int WARMUP_THREADS = 4;
  static final int WARMUP_CALLS = 2000;
  static final int MIN_PROBE_CALLS = 1000;
  static final int MAX_PROBE_S = 30;

  private final ChooseSettings s;
  private final SweepLog log;
  private final SweepTarget target;
  private final ChooseLedger ledger;
  private final ProbeLedger probeLedger;
  private final ChooseFacts facts = ChooseFacts.empty();
  private PointLauncher launcher;
  private Map<String, String> provenance;
  private ChooseDeadline deadline = ChooseDeadline.of(null);
  private ChooseProbes probes;
  private OwnProcesses own;
  private long readyTimeoutMs;

  Choose(ChooseSettings s, Map<String, CatalogEntry> catalog, SweepLog log) throws IOException {
    this.s = s;
    this.log = log;
    this.target = new SweepTarget(s.target(), catalog, log::line);
    this.ledger = ChooseLedger.open(s.out());
    this.probeLedger = ProbeLedger.open(s.out());
  }

  int run(long readyTimeoutMs) throws IOException, InterruptedException {
    Files.createDirectories(s.target().out());
    String holder = "pid " + ProcessHandle.current().pid() + ", started " + Instant.now();
    return new OutFolderRun(s.out(), "choose", log)
        .run(
            holder,
            h -> "another run is using " + s.out() + " (" + h + ")",
            new OutFolderRun.Steps() {
              @Override
              public int work(OwnProcesses own) throws IOException, InterruptedException {
                Choose.this.own = own;
                Choose.this.readyTimeoutMs = readyTimeoutMs;
                target.loadLab();
                launcher = target.launcher(own, s.target().backstopMs());
                target.start(own, readyTimeoutMs);
                provenance = target.provenance();
                return choose();
              }

              @Override
              public void interrupted() {
                Choose.this.interrupted();
              }

              @Override
              public void close() {
                target.close();
              }
            });
  }

  /** Ctrl-C, kill -TERM: the probe in progress stops, the servers stop, a rerun resumes. */
  private void interrupted() {
    if (launcher != null) {
      launcher.stop();
    }
    target.close();
    log.line(
        "interrupted; finished searches are in " + s.out() + ": rerun the same command to resume");
  }

  private int choose() throws IOException, InterruptedException {
    deadline = ChooseDeadline.of(s.maxTime());
    facts.putAll(ChooseFacts.readOrEmpty(s.out()));
    facts.putAll(initialFacts());
    facts.put(Key.STOPPED_UNFINISHED, null);
    facts.put(Key.NO_DATA, null);
    facts.write(s.out());
    log.line(
        String.format(
            Locale.ROOT,
            "choose: %s at %s, %s; candidates %s; %s; target %s %s; out %s",
            s.workload(),
            s.slo().text(),
            "errors <= "
                + s.slo().maxErrors()
                + ", drops <= "
                + NumberText.compact(100 * s.slo().maxDrop())
                + " %",
            String.join(" ", s.candidates()),
            ChooseTiming.roundsText(s),
            s.target().site().target().id(),
            target.host(),
            s.out()));
    log.line(ChooseTiming.planLine(s, warmsUp()));
    java.util.Optional<LinkFloor> floor = LinkFloor.of(target.linkProvenance(s.target().profile()));
    if (floor.isPresent() && floor.get().refusal(s.slo()) != null) {
      log.line(floor.get().refusal(s.slo()));
      facts.put(Key.STOPPED, "infeasible");
      facts.put(Key.LINK_RTT_MEASURED_MS, String.valueOf(floor.get().rttMs()));
      facts.put(Key.ENDED, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
      facts.write(s.out());
      return ExitCode.INFEASIBLE.code();
    }
    floor.map(f -> f.tightness(s.slo())).ifPresent(log::line);
    ChooseRounds rounds =
        new ChooseRounds(
            s,
            ledger,
            deadline,
            log,
            s.candidates().size() * ChooseTiming.sharedMs(s, ChooseTiming.sharedRateGuess(s)));
    probes =
        new ChooseProbes(s, target, launcher, provenance, log, probeLedger, deadline)
            .restartingServers(own, readyTimeoutMs);
    int round = rounds.run(probes);
    facts.put(Key.ROUNDS, String.valueOf(round));
    facts.put(Key.STOPPED, rounds.stopped());
    if (!rounds.noData().isEmpty()) {
      facts.put(Key.NO_DATA, String.join(", ", rounds.noData()));
    }
    int shared = sharedRate();
    facts.put(Key.SHARED_RATE, String.valueOf(shared));
    facts.write(s.out());
    int failures = 0;
    if (shared > 0) {
      // the planned rounds' shared load: rounds added to decide capacities do not repeat it
      for (int r = 1; r <= Math.min(round, s.rounds().planned()); r++) {
        failures += sharedRound(r, shared);
      }
    } else {
      log.line("no candidate met the SLO at any rate tried: no shared load to compare at");
    }
    if (deadline.stopped()) {
      facts.put(Key.STOPPED, "max-time");
      facts.put(Key.STOPPED_UNFINISHED, String.join("; ", deadline.unfinishedList()));
      log.line(deadline.line());
    }
    facts.put(Key.ENDED, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    facts.write(s.out());
    log.line(
        "choose done in "
            + Eta.clock(deadline.elapsedMs() / 1000)
            + "; results in "
            + s.out()
            + " (every probe in "
            + ProbeLedger.FILE
            + ")");
    return failures == 0 ? ExitCode.OK.code() : ExitCode.FAILED.code();
  }

  private ChooseFacts initialFacts() {
    ChooseFacts m = ChooseFacts.empty();
    m.put(Key.WORKLOAD, s.workload());
    m.put(Key.SLO, s.slo().text());
    m.put(Key.SLO_PERCENTILE, NumberText.compact(s.slo().percentile()));
    m.put(Key.SLO_LIMIT_US, NumberText.compact(s.slo().limitMicros()));
    m.put(Key.MAX_ERRORS, String.valueOf(s.slo().maxErrors()));
    m.put(Key.MAX_DROP, NumberText.compact(s.slo().maxDrop()));
    m.put(Key.RESOLUTION, NumberText.compact(s.search().resolution()));
    m.put(Key.START_RATE, s.startRate() == null ? "auto" : String.valueOf(s.startRate()));
    m.put(Key.MIN_RATE, String.valueOf(s.search().minRate()));
    m.put(Key.MAX_RATE, String.valueOf(s.search().maxRate()));
    m.put(Key.SEARCH_FACTOR, NumberText.compact(CapacitySearch.FACTOR));
    m.put(Key.PLANNED_ROUNDS, String.valueOf(s.rounds().planned()));
    m.put(Key.MAX_ROUNDS, String.valueOf(s.rounds().most()));
    m.put(Key.ALPHA, io.rpcxbench.stats.Num.fixed(s.rounds().alpha(), 4));
    if (s.maxTime() != null) {
      m.put(Key.MAX_TIME_S, String.valueOf(s.maxTime().toSeconds()));
    }
    m.put(Key.EXPECTED_S, String.valueOf(ChooseTiming.expectedMs(s, warmsUp()) / 1000));
    m.put(Key.PROBES, ProbeLedger.FILE);
    m.put(Key.CANDIDATES, String.join(",", s.candidates()));
    m.put(
        Key.TARGET,
        switch (s.target().site().target()) {
          case HOST -> "host " + target.host();
          case FLEET ->
              "fleet of "
                  + s.target().site().fleet().clients().size()
                  + " client hosts ("
                  + String.join(" ", s.target().site().fleet().clients())
                  + ")";
          default -> s.target().site().target().id();
        });
    m.put(
        Key.NETWORK,
        !s.target().profile().isEmpty()
            ? s.target().profile()
            : provenance.getOrDefault(
                "network_profile",
                s.target().site().target() == ServerSite.LOCAL ? "loopback" : "unknown"));
    m.put(Key.PROBE_DURATION_S, String.valueOf(s.probeS()));
    m.put(Key.NOISE_GUARD, s.noiseGuard());
    m.put(
        Key.STARTED,
        facts.text(Key.STARTED, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString()));
    m.thresholds(s.thresholds());
    return m;
  }

  private boolean warmsUp() {
    return ChooseProbes.warmsUp(s);
  }

  /**
   * A probe's measured run: {@code --probe-duration}, longer at a low rate so that it holds at
   * least {@value #MIN_PROBE_CALLS} calls (at most {@value #MAX_PROBE_S} s). The p99 of the 50
   * calls of 5 s at 10/s is their slowest call: one late call failed such probes, and a search that
   * had stepped down ended at 11 calls/s for a protocol that met the SLO at 3,000 in the next
   * round. A thousand calls put ten beyond a p99; more made every probe of a search that a noisy
   * box had sent below 67 calls/s cost up to a minute.
   */
  static int probeSeconds(int rate, int probeS) {
    long forCalls = (MIN_PROBE_CALLS + rate - 1L) / rate;
    return (int) Math.max(probeS, Math.min(MAX_PROBE_S, forCalls));
  }

  /** The rate every candidate is measured at: the given one, or a share of the lowest capacity. */
  private int sharedRate() {
    if (s.sharedRate() != null) {
      return s.sharedRate();
    }
    double lowest = Double.MAX_VALUE;
    for (String c : s.candidates()) {
      List<Integer> caps = ledger.capacities(c).stream().filter(x -> x > 0).sorted().toList();
      if (!caps.isEmpty()) {
        lowest = Math.min(lowest, caps.get(caps.size() / 2));
      }
    }
    return lowest == Double.MAX_VALUE
        ? 0
        : Math.max(1, (int) Math.round(lowest * s.sharedFraction()));
  }

  private int sharedRound(int round, int rate) throws IOException, InterruptedException {
    int failures = 0;
    int seconds = probeSeconds(rate, s.probeS());
    boolean measured =
        s.candidates().stream()
            .allMatch(
                c ->
                    PointFiles.completeFileIn(
                        s.out().resolve("shared").resolve("round" + round).resolve(c)));
    if (!measured) {
      probes.newRound(round);
    }
    for (String candidate : s.order(round)) {
      Path dir = s.out().resolve("shared").resolve("round" + round).resolve(candidate);
      if (Files.isDirectory(dir) && PointFiles.completeFileIn(dir)) {
        log.line("shared load round " + round + " " + candidate + ": measured earlier, kept");
        continue;
      }
      if (!deadline.allows(ChooseTiming.pointMs(s, seconds, s.sharedRuns()))) {
        deadline.unfinished("shared load not measured for round " + round + " " + candidate);
        continue;
      }
      Path file =
          probes.runPoint(
              candidate,
              round,
              probes.rated(candidate, rate),
              s.sharedRuns(),
              ChooseTiming.limitS(seconds, s.sharedRuns()),
              dir,
              false);
      PointResult result = file == null ? null : PointResult.read(file);
      String line =
          result == null
              ? "the harness wrote no file"
              : result.throughputText()
                  + " calls/s"
                  + (result.state().finished() ? "" : " (" + result.state() + ")");
      if (file == null) {
        failures++;
      }
      log.line("shared load " + rate + "/s round " + round + " " + candidate + ": " + line);
    }
    return failures;
  }
}
