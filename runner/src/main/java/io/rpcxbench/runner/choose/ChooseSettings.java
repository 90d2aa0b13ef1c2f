package io.rpcxbench.runner.choose;

import io.rpcxbench.harness.config.WarmupPlan;
import io.rpcxbench.runner.compare.ComparePlan;
import io.rpcxbench.runner.sweep.SweepSettings;
import io.rpcxbench.stats.Sequential;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@code choose}'s settings, checked ({@link ChooseCommand} builds them): the candidates (an id
 * given twice is an A/A pair, its second copy named {@code id#2}), the workload's harness options,
 * the SLO, the search (its start: a rate, or null for {@link #startAt} from each round's warm-up;
 * each probe's measured seconds and its warm-up where probes run in the runner's JVM), the rounds
 * (planned, and at most while a pair is undecided: {@link Sequential}) and their stopping rules,
 * the shared load. {@code target} holds where the servers run, as a sweep's settings do; its --out
 * is {@link #staging}.
 */
record ChooseSettings(
    List<String> candidates,
    String workload,
    List<String> workloadArgs,
    Slo slo,
    CapacitySearch search,
    Integer startRate,
    int probeS,
    WarmupPlan probeWarmup,
    Sequential rounds,
    Double precision,
    Duration maxTime,
    double sharedFraction,
    Integer sharedRate,
    int sharedRuns,
    String noiseGuard,
    List<String> thresholds,
    Path summaryExport,
    boolean skipReport,
    Path out,
    SweepSettings target) {
  /**
   * Rounds below which --precision does not stop: each round is one trial, and fewer than four a
   * candidate cannot be tested against another.
   */
  static final int MIN_ROUNDS_FOR_PRECISION = 4;

  /** A round's search starts at this share of its own closed-loop warm-up rate (auto). */
  static final double START_SHARE = 0.5;

  /** Where an auto search starts without a warm-up (a fleet's probes warm up in their own JVMs). */
  static final int FALLBACK_START = 1000;

  /**
   * Where a round's search starts: {@code --start-rate}, or (auto) {@link #START_SHARE} of the
   * round's own closed-loop warm-up rate {@code warmRate} (calls/s, 0 when there was none) to two
   * significant digits, within the search's bounds. Only the round's own measurement is read, so
   * rounds stay independent; from 1000/s every search of a protocol doing 100,000 calls/s climbed
   * seven doublings first.
   */
  int startAt(double warmRate) {
    if (startRate != null) {
      return startRate;
    }
    if (!(warmRate > 0)) {
      return Math.max(search.minRate(), Math.min(search.maxRate(), FALLBACK_START));
    }
    double raw = warmRate * START_SHARE;
    double unit = Math.pow(10, Math.max(0, Math.floor(Math.log10(raw)) - 1));
    long rounded = Math.round(raw / unit) * (long) unit;
    return (int) Math.max(search.minRate(), Math.min(search.maxRate(), rounded));
  }

  ChooseSettings {
    candidates = List.copyOf(candidates);
    workloadArgs = List.copyOf(workloadArgs);
    thresholds = List.copyOf(thresholds);
  }

  /** Each candidate's name: its id, {@code id#2} for a repeat (an A/A pair). */
  static List<String> names(List<String> ids) {
    Map<String, Integer> seen = new LinkedHashMap<>();
    List<String> names = new ArrayList<>();
    for (String id : ids) {
      int n = seen.merge(id, 1, Integer::sum);
      names.add(n == 1 ? id : id + "#" + n);
    }
    return names;
  }

  /** The protocol id of a candidate's name ({@link CandidateName}). */
  static String protocolOf(String name) {
    return CandidateName.of(name).protocol();
  }

  /**
   * The workload, the SLO and where it runs: which of this machine's earlier chooses' rounds
   * compare.
   */
  String roundsKey() {
    return workload + " at " + slo.text() + " @ " + target.site().target().id();
  }

  /**
   * These settings after {@code spent} went by before the rounds (a calibration first): {@link
   * #maxTime} counts it.
   */
  ChooseSettings spent(Duration spent) {
    if (maxTime == null) {
      return this;
    }
    Duration left = maxTime.minus(spent);
    return with(left.isNegative() ? Duration.ZERO : left, summaryExport, out, target);
  }

  /**
   * The target's --out: where the harness writes a point before it is moved into place, and the
   * servers of --local and --lab their logs.
   */
  static Path staging(Path out) {
    return out.resolve("harness");
  }

  /**
   * This choose across one of several network profiles: in {@code out/<profile>/}, with its own
   * ledger and scorecard, so that the rankings stand side by side.
   */
  ChooseSettings across(String profile) {
    Path folder = out.resolve(profile);
    return with(
        maxTime,
        summaryExport == null
            ? null
            : summaryExport.resolveSibling(profile + "-" + summaryExport.getFileName()),
        folder,
        target.across(staging(folder), profile));
  }

  /** These settings with another time limit, summary, folder and target. */
  private ChooseSettings with(
      Duration maxTime, Path summaryExport, Path out, SweepSettings target) {
    return new ChooseSettings(
        candidates,
        workload,
        workloadArgs,
        slo,
        search,
        startRate,
        probeS,
        probeWarmup,
        rounds,
        precision,
        maxTime,
        sharedFraction,
        sharedRate,
        sharedRuns,
        noiseGuard,
        thresholds,
        summaryExport,
        skipReport,
        out,
        target);
  }

  /**
   * The order of round {@code round} (from 1): the candidates in a random order of the round's own
   * (a fixed seed per round, so a resume sees the same), so drift hits all alike and no candidate
   * always runs after the same one (Abedi and Brecht's randomized interleaving).
   */
  List<String> order(int round) {
    return ComparePlan.roundOrder(candidates, round);
  }
}
