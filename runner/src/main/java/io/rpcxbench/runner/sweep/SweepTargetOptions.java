package io.rpcxbench.runner.sweep;

import io.rpcxbench.runner.fleet.FleetInventory;
import io.rpcxbench.runner.link.LinkProfiles;
import io.rpcxbench.runner.point.Placement;
import io.rpcxbench.runner.point.PlacementOption;
import io.rpcxbench.runner.point.RunTls;
import io.rpcxbench.runner.point.ServerSite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The sweep's target options: where the servers are, their JVM flags, where their CPU is read. */
public final class SweepTargetOptions {
  private static final Pattern PORT = Pattern.compile("([a-z][a-z0-9-]*)=([0-9]{1,5})");

  @Option(
      names = "--host",
      paramLabel = "B",
      description = "Servers already run on B (default localhost).")
  String host;

  @Option(
      names = "--port",
      paramLabel = "ID=PORT",
      description = "A protocol's port with --host (repeatable).")
  List<String> portSpecs = new ArrayList<>();

  @Option(
      names = "--local",
      description = "Start the servers on 127.0.0.1 (free ports), stop them at the end.")
  boolean local;

  @Option(
      names = "--lab",
      description = "Client in lab host A, servers in lab host B (deploy/lab.sh up first).")
  boolean lab;

  @Option(
      names = "--fleet",
      paramLabel = "INVENTORY",
      description =
          "Run every point on all client hosts of this Ansible inventory at once against its"
              + " server hosts (deploy/fleet/sweep.yml; groups clients and servers): one merged"
              + " point per point, the rates the fleet's (docs/fleet.md).")
  java.nio.file.Path fleet;

  @Option(
      names = "--fleet-var",
      paramLabel = "KEY=VALUE",
      description =
          "With --fleet: a variable of deploy/fleet/sweep.yml (defaults.yml: fleet_dir,"
              + " start_lead_s, bind, install_java, ...), repeatable.")
  List<String> fleetVars = new ArrayList<>();

  @Option(
      names = "--server-jvm-flags",
      paramLabel = "FLAGS",
      description =
          "The servers' JVM flags (default: SERVER_JVM_OPTS, else -Xms384m -Xmx384m -XX:+UseSerialGC).")
  String serverJvmFlags;

  @Option(
      names = "--server-stats",
      paramLabel = "SOURCE",
      description =
          "proc (default with --local/--lab), cgroup (--lab), ssh (--host B), off (default with --host).")
  String serverStats;

  @Option(
      names = "--server-ssh",
      paramLabel = "DEST",
      description = "With ssh: B's ssh destination, [USER@]HOST (default: --host's).")
  String serverSsh;

  @Option(
      names = "--profile",
      paramLabel = "NAME[,NAME...]",
      description =
          "Run every point across each network profile (deploy/network-profiles.tsv: loopback,"
              + " lan, cross-az, wan, ...), one after another: loopback is the link as it is, the"
              + " others are made as --link says (docs/network-profiles.md). With --lab the runner"
              + " sets the lab's link to each profile in turn (deploy/lab.sh up --profile NAME, as"
              + " root; lossy too); with --local or --host a userspace link-shaper in front of the"
              + " servers (no root).")
  String profile;

  @Option(
      names = "--link",
      paramLabel = "auto|netem|packet|proxy",
      description =
          "How a --profile's link is made, recorded in every file as link: netem (the kernel's"
              + " qdiscs) or packet (linkem, the userspace packet emulator) between the lab's"
              + " namespaces, or proxy (the link-shaper: TCP terminated at a proxy, no loss, no TCP"
              + " dynamics). Default auto: the lab's choice with --lab (netem where the kernel"
              + " has it, else packet), the proxy with --local or --host.")
  String link = "auto";

  /**
   * Where the servers and clients run and over what link, every option checked against the others;
   * {@code scenario} the sweep's ({@code --scenario}), {@code home} the install's.
   *
   * @throws IllegalArgumentException with the line for the first option that does not fit
   */
  public RunSite site(String scenario, java.nio.file.Path home) {
    ServerSite where = target();
    return new RunSite(
        where,
        host(),
        ports(),
        serverJvmFlags(),
        serverFlagsGiven(),
        serverStats(where),
        sshDestination(),
        clientJvmFlags(),
        tls(where, scenario),
        profiles(where, scenario, home),
        fleet(),
        link(where),
        placement(where));
  }

  @Mixin PlacementOption placement = new PlacementOption();

  /**
   * --placement against where the servers are: this machine's placement with --local; null
   * elsewhere, where the lab, --host or the fleet place the processes themselves.
   *
   * @throws IllegalArgumentException when --placement is given without --local
   */
  public Placement placement(ServerSite where) {
    if (where == ServerSite.LOCAL) {
      return placement.here();
    }
    if (placement.given()) {
      throw new IllegalArgumentException(
          "--placement goes with --local: the lab's hosts, --host and --fleet place their own"
              + " processes");
    }
    return null;
  }

  /** {@code CLIENT_JVM_OPTS} split into flags (blank: none); null when it is not set. */
  private static List<String> clientJvmFlags() {
    String opts = System.getenv("CLIENT_JVM_OPTS");
    return opts == null ? null : opts.isBlank() ? List.of() : List.of(opts.trim().split("\\s+"));
  }

  /** {@code --link} against where the servers are ({@link LinkProfiles#link}). */
  public String link(ServerSite where) {
    return LinkProfiles.link(link, where);
  }

  @Option(
      names = "--tls",
      paramLabel = "off|tls|mtls",
      defaultValue = "off",
      description =
          "With --local or --lab: the servers serve TLS (mtls: clients present a certificate"
              + " too) with a test authority made for the run in OUT/tls, and the harness calls"
              + " over it; only protocols with TLS wired (docs/tls.md). With --host: pass"
              + " -- --tls-ca FILE. Default: ${DEFAULT-VALUE}.")
  String tls = "off";

  /**
   * {@code --tls}, checked against where the servers are and the scenario.
   *
   * @throws IllegalArgumentException for a bad mode, TLS with --host, or a chain over TLS
   */
  public String tls(ServerSite where, String scenario) {
    RunTls.checked(tls);
    if (!tls.equals("off") && where == ServerSite.FLEET) {
      throw new IllegalArgumentException(
          "--tls with --fleet: the fleet's playbook starts its servers without TLS (not wired"
              + " yet); run TLS points with --local or --lab");
    }
    if (!tls.equals("off") && where == ServerSite.HOST) {
      throw new IllegalArgumentException(
          "--tls starts the servers with TLS: it needs --local or --lab; with --host B (servers"
              + " started elsewhere) give the harness the CA: -- --tls-ca FILE");
    }
    if (!tls.equals("off") && scenario.equals("chain")) {
      throw new IllegalArgumentException(
          "--tls with --scenario chain: a chain's gateway calls its services in plaintext (not"
              + " wired yet)");
    }
    return tls;
  }

  /**
   * The one profile --profile names, the base of a map's conditions ({@code loopback} when none):
   * null when it names several.
   */
  public String baseProfile() {
    if (profile == null) {
      return "loopback";
    }
    return profile.contains(",") ? null : profile.trim();
  }

  /**
   * Runs across {@code names} (a map's conditions, each a derived profile) instead of --profile.
   */
  public void across(List<String> names) {
    profile = String.join(",", names);
  }

  /** --profile, checked: the profiles in order, or {@code [""]} when none was given. */
  public List<String> profiles(ServerSite where, String scenario, java.nio.file.Path home) {
    return LinkProfiles.checked(profile, home, where, scenario, link(where));
  }

  public ServerSite target() {
    int modes = (local ? 1 : 0) + (lab ? 1 : 0) + (host != null ? 1 : 0) + (fleet != null ? 1 : 0);
    if (modes > 1) {
      throw new IllegalArgumentException(
          "--host, --local, --lab and --fleet are mutually exclusive");
    }
    if (fleet != null) {
      if (!portSpecs.isEmpty()) {
        throw new IllegalArgumentException(
            "--port with --fleet: the fleet's servers listen on the catalog's ports");
      }
      return ServerSite.FLEET;
    }
    if (host != null && host.isEmpty()) {
      throw new IllegalArgumentException("--host needs a host name or address");
    }
    return local ? ServerSite.LOCAL : lab ? ServerSite.LAB : ServerSite.HOST;
  }

  public String host() {
    return host == null ? "localhost" : host;
  }

  /** The fleet of --fleet, read by Ansible; null without it. */
  public FleetInventory fleet() {
    if (fleet == null) {
      if (!fleetVars.isEmpty()) {
        throw new IllegalArgumentException("--fleet-var goes with --fleet");
      }
      return null;
    }
    Map<String, String> vars = new LinkedHashMap<>();
    for (String kv : fleetVars) {
      int eq = kv.indexOf('=');
      if (eq < 1 || !kv.substring(0, eq).matches("[a-z_][a-z0-9_]*")) {
        throw new IllegalArgumentException("--fleet-var must be KEY=VALUE, got '" + kv + "'");
      }
      vars.put(kv.substring(0, eq), kv.substring(eq + 1));
    }
    return FleetInventory.read(fleet, vars);
  }

  public Map<String, Integer> ports() {
    Map<String, Integer> ports = new LinkedHashMap<>();
    for (String spec : portSpecs) {
      Matcher m = PORT.matcher(spec);
      if (!m.matches()
          || Integer.parseInt(m.group(2)) < 1
          || Integer.parseInt(m.group(2)) > 65535) {
        throw new IllegalArgumentException(
            "--port must be ID=PORT with PORT 1..65535, got '" + spec + "'");
      }
      ports.put(m.group(1), Integer.parseInt(m.group(2)));
    }
    return ports;
  }

  /** The flags given, else SERVER_JVM_OPTS, else the default of every path (deploy/catalog.sh). */
  public String serverJvmFlags() {
    if (serverJvmFlags != null) {
      return serverJvmFlags;
    }
    String env = System.getenv("SERVER_JVM_OPTS");
    return env != null ? env : "-Xms384m -Xmx384m -XX:+UseSerialGC";
  }

  public boolean serverFlagsGiven() {
    return serverJvmFlags != null || System.getenv("SERVER_JVM_OPTS") != null;
  }

  public String sshDestination() {
    return serverSsh != null ? serverSsh : host();
  }

  /** --server-stats against the target, and its default. */
  public String serverStats(ServerSite target) {
    String stats = serverStats;
    if (stats == null) {
      stats =
          serverSsh != null
              ? "ssh"
              : target == ServerSite.HOST || target == ServerSite.FLEET ? "off" : "proc";
    }
    String wrong =
        switch (stats) {
          case "proc" ->
              target == ServerSite.HOST
                  ? "--server-stats proc needs --local or --lab (servers this sweep starts); for --host B use ssh"
                  : null;
          case "cgroup" ->
              target != ServerSite.LAB
                  ? "--server-stats cgroup needs --lab (host B's cgroup)"
                  : null;
          case "ssh" ->
              target != ServerSite.HOST
                  ? "--server-stats ssh goes with --host B (with --local/--lab use proc)"
                  : null;
          case "off" -> null;
          default -> "--server-stats must be proc, cgroup, ssh or off, got '" + stats + "'";
        };
    if (wrong == null && target == ServerSite.FLEET && !stats.equals("off")) {
      wrong =
          "--server-stats with --fleet: each host's file records its own generator; the servers'"
              + " CPU is not read on a fleet (off)";
    }
    if (wrong != null) {
      throw new IllegalArgumentException(wrong);
    }
    if (serverSsh != null && (serverSsh.isEmpty() || serverSsh.startsWith("-"))) {
      throw new IllegalArgumentException("--server-ssh needs an ssh destination, [USER@]HOST");
    }
    if (serverSsh != null && !stats.equals("ssh")) {
      throw new IllegalArgumentException("--server-ssh goes with --server-stats ssh");
    }
    return stats;
  }
}
