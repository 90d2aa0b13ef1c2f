package io.rpcxbench.runner.sweep;

import io.rpcxbench.harness.config.Scenario;
import io.rpcxbench.harness.config.WarmupPlan;
import io.rpcxbench.runner.point.RunTls;
import io.rpcxbench.runner.point.ServerSite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One sweep's settings, checked ({@link SweepCommand} builds them from its options, choose from its
 * own), each group a type of its own: the points ({@link SweepGrid}), each point's runs and limit
 * ({@link PointLimits}), when to move on ({@link StopRules}), where the servers and clients run and
 * over what link ({@link RunSite}), what every point's harness gets ({@link PointTemplate}), and
 * how the points run ({@link SweepRun}).
 */
public record SweepSettings(
    SweepGrid grid,
    PointLimits limits,
    StopRules stops,
    RunSite site,
    PointTemplate point,
    SweepRun run) {

  /**
   * These settings writing to {@code folder}, across {@code profile} only (a choose per profile).
   */
  public SweepSettings across(Path folder, String profile) {
    return copy(folder, List.of(profile));
  }

  /** These settings with every point warmed up by {@code warmup} (a choose's probes). */
  public SweepSettings withWarmup(WarmupPlan warmup) {
    return new SweepSettings(
        grid,
        limits,
        stops,
        site,
        new PointTemplate(point.harnessOptions(), warmup, point.axes(), point.scenario()),
        run);
  }

  /** These settings writing to {@code folder} (one trial of several), every profile kept. */
  SweepSettings in(Path folder) {
    return copy(folder, site.profiles());
  }

  private SweepSettings copy(Path folder, List<String> toProfiles) {
    return new SweepSettings(
        grid, limits, stops, site.withProfiles(toProfiles), point, run.in(folder));
  }

  public List<String> protocols() {
    return grid.protocols();
  }

  CountList threads() {
    return grid.threads();
  }

  CountList requests() {
    return grid.requests();
  }

  CountList rates() {
    return grid.rates();
  }

  int durationS() {
    return grid.durationS();
  }

  public int runs() {
    return limits.runs();
  }

  public int limitS() {
    return limits.limitS();
  }

  public String timeoutPer() {
    return limits.timeoutPer();
  }

  public List<String> harnessOptions() {
    return point.harnessOptions();
  }

  public WarmupPlan warmup() {
    return point.warmup();
  }

  public List<Axis> axes() {
    return point.axes();
  }

  public Scenario scenario() {
    return point.scenario();
  }

  public Path out() {
    return run.out();
  }

  public boolean retryFailed() {
    return run.retryFailed();
  }

  public boolean inProcess() {
    return run.inProcess();
  }

  public Path home() {
    return run.home();
  }

  /**
   * The file of a point whose harness names it {@code harnessFile}: that file, or on a fleet the
   * merged point's ({@code -x3} for three client hosts).
   */
  public Path pointFile(Path harnessFile) {
    return site.fleet() == null ? harnessFile : site.fleet().merged(harnessFile);
  }

  /** The network profile of a sweep that runs across one ({@code ""}: none asked). */
  public String profile() {
    return site.profiles().get(0);
  }

  /** The run's TLS ({@code --tls}): its files under {@code out/tls}. */
  RunTls runTls() {
    return RunTls.of(site.tls(), out());
  }

  boolean rateSweep() {
    return rates() != null;
  }

  boolean chain() {
    return scenario().chain();
  }

  /** Whether this sweep starts a chain per protocol (protocol outermost in the plan). */
  boolean startsChains() {
    return chain() && site.target() != ServerSite.HOST;
  }

  /**
   * The harness options every point gets besides its load, target and files: the warm-up (by its
   * writer), then {@link #harnessOptions()}.
   */
  public List<String> commonArgs() {
    List<String> args = new ArrayList<>(warmup() == null ? List.of() : warmup().args());
    args.addAll(harnessOptions());
    return args;
  }

  /** Whether the harness options say --requests-per total. */
  boolean requestsPerTotal() {
    for (int i = 0; i < harnessOptions().size(); i++) {
      String a = harnessOptions().get(i);
      if (a.equals("--requests-per=total")
          || (a.equals("--requests-per")
              && i + 1 < harnessOptions().size()
              && harnessOptions().get(i + 1).equals("total"))) {
        return true;
      }
    }
    return false;
  }

  /** The plan: the grid, or the rates, in the order the points run. */
  SweepPlan plan() {
    return rateSweep()
        ? SweepPlan.rates(
            protocols(), rates().values(), durationS(), startsChains(), axes(), site.profiles())
        : SweepPlan.grid(
            protocols(),
            threads().values(),
            requests().values(),
            startsChains(),
            axes(),
            site.profiles());
  }

  /** Seconds after --point-timeout before a point's JVM is stopped from outside: 2..30. */
  int graceS() {
    return Math.max(2, Math.min(30, limitS() / 10));
  }

  /** The most a point may take before the backstop stops it. */
  public long backstopMs() {
    long s =
        timeoutPer().equals("point")
            ? limitS() + graceS()
            : (long) (runs() + 1) * limitS() + graceS();
    return s * 1000;
  }
}
