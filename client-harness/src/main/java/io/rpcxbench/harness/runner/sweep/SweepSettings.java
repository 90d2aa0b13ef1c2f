package io.rpcxbench.harness.runner.sweep;

import io.rpcxbench.harness.runner.fleet.FleetInventory;
import io.rpcxbench.harness.runner.point.RunTls;
import io.rpcxbench.harness.runner.point.ServerSite;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One sweep's settings, checked ({@link SweepCommand} builds them from its options). {@code rates}
 * is null for the closed loop's grid; {@code harnessOptions} go to every point verbatim; {@code
 * profiles} the network profiles each point runs across ({@code [""]}: none asked); {@code fleet}
 * the client and server hosts of {@code --fleet} (null: one client, this one); {@code link} how a
 * profile's link is made ({@code --link}: the lab's auto, netem or packet with {@code --lab}, else
 * proxy).
 */
public record SweepSettings(
    List<String> protocols,
    CountList threads,
    CountList requests,
    CountList rates,
    int durationS,
    int runs,
    int limitS,
    String timeoutPer,
    int stopAfterFailures,
    boolean skipDominated,
    int stopAfterOverload,
    ServerSite target,
    String host,
    Map<String, Integer> ports,
    List<String> harnessOptions,
    String scenario,
    Duration work,
    String workKind,
    Path out,
    boolean retryFailed,
    String serverJvmFlags,
    boolean serverFlagsGiven,
    String serverStats,
    String serverSsh,
    boolean inProcess,
    List<String> clientJvmFlags,
    Path home,
    String tls,
    List<String> profiles,
    FleetInventory fleet,
    String link) {
  public SweepSettings {
    protocols = List.copyOf(protocols);
    profiles = profiles == null || profiles.isEmpty() ? List.of("") : List.copyOf(profiles);
    ports = Map.copyOf(ports);
    harnessOptions = List.copyOf(harnessOptions);
    clientJvmFlags = clientJvmFlags == null ? null : List.copyOf(clientJvmFlags);
  }

  /**
   * These settings writing to {@code folder}, across {@code profile} only (a choose per profile).
   */
  public SweepSettings across(Path folder, String profile) {
    return copy(folder, List.of(profile));
  }

  /** These settings writing to {@code folder} (one trial of several), every profile kept. */
  SweepSettings in(Path folder) {
    return copy(folder, profiles);
  }

  private SweepSettings copy(Path folder, List<String> toProfiles) {
    return new SweepSettings(
        protocols,
        threads,
        requests,
        rates,
        durationS,
        runs,
        limitS,
        timeoutPer,
        stopAfterFailures,
        skipDominated,
        stopAfterOverload,
        target,
        host,
        ports,
        harnessOptions,
        scenario,
        work,
        workKind,
        folder,
        retryFailed,
        serverJvmFlags,
        serverFlagsGiven,
        serverStats,
        serverSsh,
        inProcess,
        clientJvmFlags,
        home,
        tls,
        toProfiles,
        fleet,
        link);
  }

  /**
   * The file of a point whose harness names it {@code harnessFile}: that file, or on a fleet the
   * merged point's ({@code -x3} for three client hosts).
   */
  public Path pointFile(Path harnessFile) {
    return fleet == null ? harnessFile : fleet.merged(harnessFile);
  }

  /** The network profile of a sweep that runs across one ({@code ""}: none asked). */
  public String profile() {
    return profiles.get(0);
  }

  /** The run's TLS ({@code --tls}): its files under {@code out/tls}. */
  RunTls runTls() {
    return RunTls.of(tls, out);
  }

  boolean rateSweep() {
    return rates != null;
  }

  boolean chain() {
    return scenario.equals("chain");
  }

  /** Whether this sweep starts a chain per protocol (protocol outermost in the plan). */
  boolean startsChains() {
    return chain() && target != ServerSite.HOST;
  }

  /** Whether the harness options say --requests-per total. */
  boolean requestsPerTotal() {
    for (int i = 0; i < harnessOptions.size(); i++) {
      String a = harnessOptions.get(i);
      if (a.equals("--requests-per=total")
          || (a.equals("--requests-per")
              && i + 1 < harnessOptions.size()
              && harnessOptions.get(i + 1).equals("total"))) {
        return true;
      }
    }
    return false;
  }

  /** The plan: the grid, or the rates, in the order the points run. */
  SweepPlan plan() {
    return rateSweep()
        ? SweepPlan.rates(protocols, rates.values(), durationS, startsChains(), profiles)
        : SweepPlan.grid(protocols, threads.values(), requests.values(), startsChains(), profiles);
  }

  /** Seconds after --point-timeout before a point's JVM is stopped from outside: 2..30. */
  int graceS() {
    return Math.max(2, Math.min(30, limitS / 10));
  }

  /** The most a point may take before the backstop stops it. */
  public long backstopMs() {
    long s = timeoutPer.equals("point") ? limitS + graceS() : (long) (runs + 1) * limitS + graceS();
    return s * 1000;
  }
}
