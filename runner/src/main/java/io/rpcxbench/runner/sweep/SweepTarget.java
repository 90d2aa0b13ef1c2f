package io.rpcxbench.runner.sweep;

import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.harness.PointBuilder;
import io.rpcxbench.harness.output.ClassDataSharing;
import io.rpcxbench.runner.fleet.FleetLauncher;
import io.rpcxbench.runner.link.LinkProfiles;
import io.rpcxbench.runner.link.LinkShapers;
import io.rpcxbench.runner.point.ClassDataArchives;
import io.rpcxbench.runner.point.LocalServers;
import io.rpcxbench.runner.point.OwnProcesses;
import io.rpcxbench.runner.point.Placement;
import io.rpcxbench.runner.point.PointLauncher;
import io.rpcxbench.runner.point.RunTls;
import io.rpcxbench.runner.point.ServerSite;
import io.rpcxbench.runner.point.ServerStats;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The servers a sweep talks to: where they are (--host, or started here for --local and --lab),
 * each protocol's port, a chain per protocol, the lab, the link-shapers of --profile, and where
 * their CPU is read. {@link #close} stops what it started.
 */
public final class SweepTarget implements AutoCloseable {
  private final SweepSettings s;
  private final Map<String, CatalogEntry> catalog;
  private final Consumer<String> log;
  private final Map<String, Integer> ports = new LinkedHashMap<>();
  private final Set<String> chainRefused = new HashSet<>();
  private LabState lab;
  private LocalServers servers;
  private ServerStats stats = ServerStats.off();
  private LinkShapers shapers = LinkShapers.none();
  private LabLinks labLinks;
  private String chainRunning;
  private FleetLauncher fleetLauncher;
  private ClassDataArchives archives;

  public SweepTarget(SweepSettings s, Map<String, CatalogEntry> catalog, Consumer<String> log) {
    this.s = s;
    this.catalog = catalog;
    this.log = log;
    s.protocols()
        .forEach(p -> ports.put(p, s.site().ports().getOrDefault(p, catalog.get(p).defaultPort())));
  }

  /** Reads the lab's state (--lab): host B's address is the target from now on. */
  public void loadLab() throws IOException, InterruptedException {
    if (s.site().target() == ServerSite.LAB) {
      if (!s.site().profiles().get(0).isEmpty()) { // --profile: the runner sets the lab's link
        labLinks = new LabLinks(s.home(), s.site().link(), log);
        labLinks.use(s.site().profiles().get(0));
      }
      lab = LabState.load(s.home());
    }
  }

  /**
   * Starts the servers of --local and --lab (a chain's when its protocol's points come), then finds
   * where their CPU is read.
   *
   * @throws IllegalStateException when a server did not start
   */
  public void start(OwnProcesses own, long readyTimeoutMs)
      throws IOException, InterruptedException {
    if (s.site().target() == ServerSite.FLEET) {
      log.accept(
          "fleet: "
              + s.site().fleet().clients().size()
              + " client hosts ("
              + String.join(" ", s.site().fleet().clients())
              + ") against "
              + String.join(" ", s.site().fleet().servers())
              + "; the servers start with the first point (deploy/fleet/sweep.yml)");
      return;
    }
    if (s.site().target() != ServerSite.HOST) {
      List<String> jvmFlags =
          s.site().serverJvmFlags().isBlank()
              ? List.of()
              : List.of(s.site().serverJvmFlags().trim().split("\\s+"));
      servers =
          new LocalServers(
              s.home(),
              host(),
              lab != null
                  ? lab.execIn("b")
                  : localPrefix(() -> s.site().placement().serverPrefix()),
              jvmFlags,
              s.out().toAbsolutePath(),
              log,
              own,
              readyTimeoutMs,
              archives());
      RunTls tls = s.runTls();
      tls.make(s.home(), host(), log);
      if (!s.startsChains()) {
        try {
          List<String> serverArgs = new ArrayList<>(workArgs());
          serverArgs.addAll(Workload.serverArgs(s.harnessOptions()));
          serverArgs.addAll(tls.serverArgs());
          ports.putAll(servers.startAll(entries(), serverArgs));
        } catch (IOException e) {
          throw new IllegalStateException("a server did not start: " + e.getMessage(), e);
        }
      }
    }
    if (labLinks == null && s.site().profiles().stream().anyMatch(LinkProfiles::shaped)) {
      shapers =
          LinkShapers.start(
              s.home(),
              s.site().profiles(),
              host(),
              new LinkedHashSet<>(ports.values()),
              s.out().toAbsolutePath(),
              own,
              log,
              readyTimeoutMs);
    }
    stats = serverStats();
    log.accept("placement: " + s.site().placementText(s.inProcess()));
    log.accept(
        "server CPU and memory: "
            + stats.source()
            + (stats.cgroups().isEmpty() ? "" : " (" + String.join(" ", stats.cgroups()) + ")"));
  }

  /**
   * What runs each point: the fleet's playbook, a JVM of its own (the default), or this JVM.
   * Stopped with the target ({@link #close}).
   */
  public PointLauncher launcher(OwnProcesses own, long backstopMs) {
    if (s.site().target() == ServerSite.FLEET) {
      fleetLauncher =
          new FleetLauncher(
              s.site().fleet(),
              s.home(),
              s.out().toAbsolutePath().resolveSibling(s.out().getFileName() + "-hosts"),
              s.site().clientJvmFlags(),
              s.site().serverJvmFlags(),
              backstopMs,
              own,
              log);
      return fleetLauncher;
    }
    return s.inProcess()
        ? new PointLauncher.InProcess()
        : new PointLauncher.Forked(
            clientRunner(), s.site().clientJvmFlags(), backstopMs, own, null, archives());
  }

  /**
   * The class-data archives of the JVMs this sweep starts: none for the paper's cold method, a
   * fleet (its hosts start their own) or points in this JVM.
   */
  private ClassDataArchives archives() {
    if (archives == null) {
      archives =
          s.site().target() == ServerSite.FLEET
              ? ClassDataArchives.off("a fleet's hosts start their own JVMs")
              : s.inProcess()
                  ? ClassDataArchives.off("every point runs in the sweep's JVM")
                  : ClassDataArchives.inUserCache().unlessCold(s.commonArgs());
    }
    return archives;
  }

  public String host() {
    return switch (s.site().target()) {
      case FLEET -> "fleet";
      case HOST -> s.site().host();
      case LOCAL -> "127.0.0.1";
      case LAB -> lab == null ? s.site().host() : lab.addrB();
    };
  }

  public int port(String protocol) {
    return ports.get(protocol);
  }

  /** Where a point of {@code protocol} across {@code profile} calls: its link-shaper's port. */
  public int port(String protocol, String profile) {
    if (labLinks != null) {
      labLinks.use(profile);
    }
    return shapers.port(profile, ports.get(protocol));
  }

  /** The host a point across {@code profile} calls: its link-shaper's, or {@link #host()}. */
  public String host(String profile) {
    if (labLinks != null) {
      labLinks.use(profile);
    }
    return shapers.host(profile, host());
  }

  /** What a point across {@code profile} records of the link: the shaper's settings. */
  public Map<String, String> linkProvenance(String profile) {
    return labLinks != null ? labLinks.provenance(profile) : shapers.provenance(profile);
  }

  /** The prefix that runs a point's JVM: in lab host A, on the client's CPUs (--local), or none. */
  List<String> clientRunner() {
    return lab != null ? lab.execIn("a") : localPrefix(() -> s.site().placement().clientPrefix());
  }

  /** {@code taskset -c CPUS} of --local's placement; nothing elsewhere. */
  private List<String> localPrefix(java.util.function.Supplier<List<String>> prefix) {
    return s.site().target() == ServerSite.LOCAL ? prefix.get() : List.of();
  }

  /** The facts every file of this sweep records: the servers' flags, the lab's link. */
  public Map<String, String> provenance() {
    Map<String, String> m = new LinkedHashMap<>();
    String flags = s.site().serverJvmFlags().isBlank() ? "none" : s.site().serverJvmFlags();
    if (s.site().target() == ServerSite.HOST && !s.site().serverFlagsGiven()) {
      flags = "unknown (servers not started by the sweep; pass --server-jvm-flags)";
    }
    m.put("server_jvm_flags", flags);
    m.put(Placement.KEY, s.site().placementText(s.inProcess()));
    m.put(ClassDataSharing.KEY, archives().text());
    if (lab != null) {
      m.putAll(lab.provenance());
    }
    return m;
  }

  /**
   * The point's readers of {@code protocol}'s servers' CPU and memory, and the lab's packet
   * emulator named as the run's own.
   */
  public void addReaders(PointBuilder point, String protocol) {
    stats.addTo(point, protocol, servers == null ? List.of() : servers.pids(protocol));
    LabState now = currentLab();
    if (now != null && now.linkPid() != null) {
      point.ownPid(now.linkPid());
    }
  }

  /** Starts the lab's packet emulator's window, as a point starts (nothing elsewhere). */
  void markLink() throws IOException, InterruptedException {
    LabState now = currentLab();
    if (now != null) {
      now.markEmulator();
    }
  }

  /**
   * What the lab's packet emulator did since {@link #markLink()} and whether it held the profile
   * meanwhile ({@link LabState#emulatorWindow()}); empty elsewhere.
   */
  Map<String, String> linkWindow() throws IOException, InterruptedException {
    LabState now = currentLab();
    return now == null ? Map.of() : now.emulatorWindow();
  }

  /** The lab as it is now: after a profile change, the one the runner set (a new emulator). */
  private LabState currentLab() {
    return labLinks != null && labLinks.lab() != null ? labLinks.lab() : lab;
  }

  /** Bytes across the lab's link so far (A to B, B to A), or null outside the lab. */
  long[] linkBytes() throws IOException, InterruptedException {
    return lab == null ? null : lab.linkBytes();
  }

  /** The chain of {@code protocol} runs (the previous one stopped); false when it cannot. */
  boolean chainReady(String protocol) throws InterruptedException {
    if (!s.startsChains() || protocol.equals(chainRunning)) {
      return true;
    }
    if (chainRefused.contains(protocol)) {
      return false;
    }
    stopChain();
    int port;
    try {
      port = servers.startChain(catalog.get(protocol), workArgs());
    } catch (IOException e) {
      throw new IllegalStateException(protocol + ": its chain did not start: " + e.getMessage(), e);
    }
    if (port < 0) {
      chainRefused.add(protocol);
      return false;
    }
    ports.put(protocol, port);
    chainRunning = protocol;
    return true;
  }

  void stopChain() throws InterruptedException {
    if (chainRunning != null) {
      servers.stop(chainRunning);
      log.accept("chain of " + chainRunning + " stopped");
      chainRunning = null;
    }
  }

  private ServerStats serverStats() throws IOException, InterruptedException {
    return switch (s.site().serverStats()) {
      case "proc" -> ServerStats.proc();
      case "cgroup" -> ServerStats.cgroup(lab.state());
      case "ssh" -> {
        // servers.sh status names a server by its first protocol; the others share its pid
        Map<String, String> serverNameOf = new LinkedHashMap<>();
        Map<String, String> nameOfKey = new LinkedHashMap<>();
        for (CatalogEntry e : entries()) {
          String key =
              e.serverJar() + "|" + String.join(" ", e.serverArgs()) + "|" + e.defaultPort();
          serverNameOf.put(e.id(), nameOfKey.computeIfAbsent(key, k -> e.id()));
        }
        String dir = System.getenv().getOrDefault("RPCX_REMOTE_DIR", "rpcx-bench");
        yield ServerStats.ssh(s.site().serverSsh(), dir, serverNameOf, log);
      }
      default -> ServerStats.off();
    };
  }

  private List<String> workArgs() {
    return s.scenario().workArgs();
  }

  /**
   * Fresh servers for a new trial (--local and --lab, not chains): the running servers and their
   * link-shapers stopped, new JVMs started on new ports. False where this target does not start
   * servers (--host, a fleet: its servers start with each point), and nothing changed.
   */
  public boolean freshServers(OwnProcesses own, long readyTimeoutMs)
      throws IOException, InterruptedException {
    if (servers == null || s.startsChains()) {
      return false;
    }
    shapers.close();
    shapers = LinkShapers.none();
    servers.close();
    servers = null;
    start(own, readyTimeoutMs);
    return true;
  }

  private List<CatalogEntry> entries() {
    return new ArrayList<>(s.protocols().stream().map(catalog::get).toList());
  }

  @Override
  public void close() {
    if (fleetLauncher != null) {
      fleetLauncher.close();
      fleetLauncher = null;
    }
    shapers.close();
    if (servers != null) {
      try {
        servers.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
