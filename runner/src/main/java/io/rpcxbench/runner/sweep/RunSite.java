package io.rpcxbench.runner.sweep;

import io.rpcxbench.runner.fleet.FleetInventory;
import io.rpcxbench.runner.point.Placement;
import io.rpcxbench.runner.point.ServerSite;
import java.util.List;
import java.util.Map;

/**
 * Where a sweep's servers and clients run and over what link, checked ({@link
 * SweepTargetOptions#site} makes it from the options sweep and choose share): the servers' site,
 * host and ports, their JVM flags and where their CPU is read, the clients' JVM flags ({@code
 * CLIENT_JVM_OPTS}; null: the harness's own), TLS, the network profiles each point runs across
 * ({@code [""]}: none asked), the fleet of {@code --fleet} (null: one client, this one) and how a
 * profile's link is made ({@code --link}). An option of the target is added here and in {@link
 * SweepTargetOptions}, not in each command.
 */
public record RunSite(
    ServerSite target,
    String host,
    Map<String, Integer> ports,
    String serverJvmFlags,
    boolean serverFlagsGiven,
    String serverStats,
    String serverSsh,
    List<String> clientJvmFlags,
    String tls,
    List<String> profiles,
    FleetInventory fleet,
    String link,
    Placement placement) {
  public RunSite {
    ports = Map.copyOf(ports);
    clientJvmFlags = clientJvmFlags == null ? null : List.copyOf(clientJvmFlags);
    profiles = profiles == null || profiles.isEmpty() ? List.of("") : List.copyOf(profiles);
  }

  /** This site across {@code toProfiles} instead. */
  RunSite withProfiles(List<String> toProfiles) {
    return new RunSite(
        target,
        host,
        ports,
        serverJvmFlags,
        serverFlagsGiven,
        serverStats,
        serverSsh,
        clientJvmFlags,
        tls,
        toProfiles,
        fleet,
        link,
        placement);
  }

  /**
   * What every raw file records as {@code placement}: the CPUs of --local's servers and client
   * ({@code inProcess}: the client is the runner's own JVM), or who places them elsewhere.
   */
  public String placementText(boolean inProcess) {
    return switch (target) {
      case LOCAL -> inProcess ? placement.textInProcess() : placement.text();
      case LAB -> "lab: client in host A, servers in host B (deploy/lab.sh --cpus)";
      case HOST -> "servers on " + host + ", started elsewhere; client not pinned";
      case FLEET -> "fleet: each host as deploy/fleet/sweep.yml starts it; not pinned";
    };
  }
}
