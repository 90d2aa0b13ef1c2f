package io.rpcxbench.harness.runner;

import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.raw.RawResultFile;
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
 * {@code rpcx-bench choose}: per round (the candidates in rotated order, so drift hits all alike)
 * each candidate's SLO capacity by {@link CapacitySearch}, each probe one open-loop point in a JVM
 * of its own with the steady warm-up; then every candidate at one shared rate, per round; then the
 * report's scorecard ({@code report choose}). Stops after {@code --rounds}, or earlier when every
 * capacity's interval is within {@code --precision} ({@link RoundsRule}) or {@code --max-time}
 * would be passed. Everything goes to {@code --out}; a rerun on the same folder resumes (the
 * searches and shared points it has are not run again).
 */
final class Choose {
  static final int WARMUP_THREADS = 4;
  static final int WARMUP_CALLS = 2000;
  static final int MIN_PROBE_CALLS = 2000;
  static final int MAX_PROBE_S = 60;
  static final int OK = 0;
  static final int FAILURES = 1;
  static final int LOCKED = OutFolderRun.LOCKED;

  private final ChooseSettings s;
  private final SweepLog log;
  private final SweepTarget target;
  private final ChooseLedger ledger;
  private final Map<String, String> settings = new LinkedHashMap<>();
  private PointLauncher launcher;
  private Map<String, String> provenance;
  private long started;

  Choose(ChooseSettings s, Map<String, CatalogEntry> catalog, SweepLog log) throws IOException {
    this.s = s;
    this.log = log;
    this.target = new SweepTarget(s.target(), catalog, log::line);
    this.ledger = ChooseLedger.open(s.out());
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
    started = System.currentTimeMillis();
    settings.putAll(ChooseLedger.readSettings(s.out()));
    settings.putAll(initialSettings());
    ledger.settings(settings);
    log.line(
        String.format(
            Locale.ROOT,
            "choose: %s at %s, %s; candidates %s; up to %d rounds; target %s %s; out %s",
            s.workload(),
            s.slo().text(),
            "errors <= "
                + s.slo().maxErrors()
                + ", drops <= "
                + Num.compact(100 * s.slo().maxDrop())
                + " %",
            String.join(" ", s.candidates()),
            s.maxRounds(),
            s.target().target().id(),
            target.host(),
            s.out()));
    RoundsRule rule = new RoundsRule(s.maxRounds(), s.precision(), s.maxTime());
    int round = 0;
    String stopped = "rounds";
    long lastRoundMs = 0;
    while (round < s.maxRounds()) {
      String why =
          round == 0 ? null : rule.stopBefore(round, capacities(), elapsedMs(), lastRoundMs);
      if (why != null) {
        stopped = why;
        log.line("stopping after round " + round + ": " + rule.explain(why));
        break;
      }
      round++;
      long roundStart = System.currentTimeMillis();
      searchRound(round);
      lastRoundMs = System.currentTimeMillis() - roundStart;
    }
    settings.put("rounds", String.valueOf(round));
    settings.put("stopped", stopped);
    int shared = sharedRate();
    settings.put("shared_rate", String.valueOf(shared));
    ledger.settings(settings);
    int failures = 0;
    if (shared > 0) {
      for (int r = 1; r <= round; r++) {
        failures += sharedRound(r, shared);
      }
    } else {
      log.line("no candidate met the SLO at any rate tried: no shared load to compare at");
    }
    settings.put("ended", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    ledger.settings(settings);
    log.line("choose done in " + Eta.clock(elapsedMs() / 1000) + "; results in " + s.out());
    return failures == 0 ? OK : FAILURES;
  }

  private Map<String, String> initialSettings() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("workload", s.workload());
    m.put("slo", s.slo().text());
    m.put("slo.percentile", Num.compact(s.slo().percentile()));
    m.put("slo.limit_us", Num.compact(s.slo().limitMicros()));
    m.put("max_errors", String.valueOf(s.slo().maxErrors()));
    m.put("max_drop", Num.compact(s.slo().maxDrop()));
    m.put("resolution", Num.compact(s.search().resolution()));
    m.put("candidates", String.join(",", s.candidates()));
    m.put(
        "target",
        switch (s.target().target()) {
          case HOST -> "host " + target.host();
          case FLEET ->
              "fleet of "
                  + s.target().fleet().clients().size()
                  + " client hosts ("
                  + String.join(" ", s.target().fleet().clients())
                  + ")";
          default -> s.target().target().id();
        });
    m.put(
        "network",
        !s.target().profile().isEmpty()
            ? s.target().profile()
            : provenance.getOrDefault(
                "network_profile", s.target().target() == Target.LOCAL ? "loopback" : "unknown"));
    m.put("probe_duration_s", String.valueOf(s.probeS()));
    m.put("noise_guard", s.noiseGuard());
    m.putIfAbsent("started", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    if (settings.containsKey("started")) {
      m.put("started", settings.get("started"));
    }
    for (int i = 0; i < s.thresholds().size(); i++) {
      m.put("threshold." + (i + 1), s.thresholds().get(i));
    }
    return m;
  }

  private Map<String, List<Integer>> capacities() {
    Map<String, List<Integer>> m = new LinkedHashMap<>();
    s.candidates().forEach(c -> m.put(c, ledger.capacities(c)));
    return m;
  }

  private long elapsedMs() {
    return System.currentTimeMillis() - started;
  }

  private void searchRound(int round) throws IOException, InterruptedException {
    for (String candidate : s.order(round)) {
      if (ledger.find(round, candidate).isPresent()) {
        log.line("round " + round + " " + candidate + ": found earlier, kept");
        continue;
      }
      warmUp(round, candidate);
      List<Integer> before = ledger.capacities(candidate);
      int last = before.isEmpty() ? 0 : before.get(before.size() - 1);
      int start = last > 0 ? last : s.startRate();
      double factor = last > 0 ? 1.25 : 2.0;
      ProbeLog probes = new ProbeLog();
      long t0 = System.currentTimeMillis();
      CapacitySearch.Result r;
      try {
        r = s.search().find(start, factor, rate -> probe(round, candidate, rate, probes));
      } catch (IOException | InterruptedException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
      ChooseLedger.Row row =
          new ChooseLedger.Row(
              round,
              candidate,
              r.capacity(),
              r.failedAt(),
              r.probed().size(),
              probes.limitedByAt(r.failedAt()),
              probes.note(r));
      ledger.add(row);
      log.line(
          String.format(
              Locale.ROOT,
              "round %d %s: capacity %d calls/s (%s; %d probes, %s)",
              round,
              candidate,
              r.capacity(),
              r.failedAt() == 0
                  ? "no failure up to " + s.search().maxRate() + "/s"
                  : "failed at "
                      + r.failedAt()
                      + "/s"
                      + (row.limitedBy().isEmpty() ? "" : ", limited by " + row.limitedBy()),
              r.probed().size(),
              Eta.clock((System.currentTimeMillis() - t0) / 1000)));
    }
  }

  /**
   * Before a candidate's search, in the JVM its probes run in: a closed-loop point of {@value
   * #WARMUP_THREADS} threads with the steady warm-up (as fast as the pair goes until its throughput
   * settles, JMH's way), so the client's and the server's code is compiled before the first probe.
   * An open-loop probe's own warm-up runs at its rate: at 10 calls/s it warms nothing (a cold
   * client measured p99 7-24 ms at 10-1000 calls/s that a warm one meets in 2 ms). Its file is kept
   * in {@code warmup/}; a forked probe's JVM is its own, so there it is skipped.
   */
  private void warmUp(int round, String candidate) throws IOException, InterruptedException {
    if (!s.target().inProcess() || s.target().target() == Target.FLEET) {
      return; // a fleet's probe runs in fresh JVMs on its hosts, each with the steady warm-up
    }
    String protocol = ChooseSettings.protocolOf(candidate);
    Path dir = s.out().resolve("warmup").resolve("round" + round).resolve(candidate);
    Path file =
        runPoint(
            candidate, round, PlannedPoint.grid(0, protocol, WARMUP_THREADS, WARMUP_CALLS), 1, dir);
    log.line(
        "  round "
            + round
            + " "
            + candidate
            + ": warmed up ("
            + (file == null
                ? "no file"
                : PointResult.read(file).throughputText() + " calls/s closed loop")
            + ")");
  }

  /** One probe: the point's file read against the SLO; a contended one repeated under strict. */
  private boolean probe(int round, String candidate, int rate, ProbeLog probes)
      throws IOException, InterruptedException {
    Path dir = s.out().resolve("probes").resolve("round" + round).resolve(candidate);
    int attempts = s.noiseGuard().equals("strict") ? 3 : 1;
    Slo.Verdict v = null;
    for (int a = 1; a <= attempts; a++) {
      Path file = runPoint(candidate, round, rated(candidate, rate), 1, dir);
      v =
          file == null
              ? new Slo.Verdict(false, "the harness wrote no file", null, "", false)
              : s.slo().check(RawResultFile.read(file));
      if (!v.contended() || a == attempts) {
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
    probes.add(rate, v);
    log.line(
        String.format(
            Locale.ROOT,
            "  round %d %s %d/s: %s%s%s",
            round,
            candidate,
            rate,
            v.met() ? "met" : "not met (" + v.why() + ")",
            v.latencyMicros() == null
                ? ""
                : ", " + s.slo().percentileName() + " " + Num.duration(v.latencyMicros()),
            (v.limitedBy().isEmpty() ? "" : ", limited by " + v.limitedBy())
                + (v.contended() ? ", CONTENDED" : "")));
    return v.met();
  }

  private PlannedPoint rated(String candidate, int rate) {
    return PlannedPoint.rate(
        0, ChooseSettings.protocolOf(candidate), rate, probeSeconds(rate, s.probeS()));
  }

  /**
   * A probe's measured run: {@code --probe-duration}, longer at a low rate so that it holds at
   * least {@value #MIN_PROBE_CALLS} calls (at most {@value #MAX_PROBE_S} s). The p99 of the 50
   * calls of 5 s at 10/s is their slowest call: one late call failed such probes, and a search that
   * had stepped down ended at 11 calls/s for a protocol that met the SLO at 3,000 in the next
   * round.
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
    for (String candidate : s.order(round)) {
      Path dir = s.out().resolve("shared").resolve("round" + round).resolve(candidate);
      if (Files.isDirectory(dir) && PointFiles.completeFileIn(dir)) {
        log.line("shared load round " + round + " " + candidate + ": measured earlier, kept");
        continue;
      }
      Path file = runPoint(candidate, round, rated(candidate, rate), s.sharedRuns(), dir);
      String line =
          file == null
              ? "the harness wrote no file"
              : PointResult.read(file).throughputText() + " calls/s";
      if (file == null) {
        failures++;
      }
      log.line("shared load " + rate + "/s round " + round + " " + candidate + ": " + line);
    }
    return failures;
  }

  /**
   * Runs {@code candidate}'s point at {@code rate}, its file moved into {@code dir}; null when the
   * harness wrote none.
   */
  private Path runPoint(String candidate, int round, PlannedPoint p, int runs, Path dir)
      throws IOException, InterruptedException {
    String protocol = p.protocol();
    String profile = s.target().profile();
    Map<String, String> facts = new LinkedHashMap<>(provenance);
    facts.putAll(target.linkProvenance(profile));
    facts.put("choose_candidate", candidate);
    facts.put("choose_round", String.valueOf(round));
    List<String> args =
        new ArrayList<>(
            PointArgs.of(
                s.target(),
                p.across(p.index(), profile),
                target.host(profile),
                target.port(protocol, profile),
                facts));
    int at = args.indexOf("--runs");
    args.set(at + 1, String.valueOf(runs));
    args.addAll(target.statsArgs(protocol));
    Path staged = s.target().pointFile(HarnessPoints.resultFile(args));
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
      if (code == Sweep.USAGE) {
        throw new IllegalArgumentException(
            "the harness rejected its arguments (exit 2): " + String.join(" | ", said));
      }
      return null;
    }
    Files.createDirectories(dir);
    Path file = dir.resolve(staged.getFileName());
    Files.move(staged, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return file;
  }
}
