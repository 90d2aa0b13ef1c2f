package io.rpcxbench.runner.point;

import io.rpcxbench.harness.PointBuilder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the harness reads the servers' CPU and memory at each point ({@code --server-stats}):
 * {@code proc}, the pids of the servers this sweep started; {@code cgroup}, lab host B's cgroup
 * folders; {@code ssh}, /proc on host B over ssh, the pids from B's {@code servers.sh status};
 * {@code off}. {@link #args} gives a protocol's harness options.
 */
public final class ServerStats {
  private static final Pattern RUNNING =
      Pattern.compile("(?m)^([a-z0-9-]+): running \\(pid ([0-9]+)\\)");

  private final String source;
  private final List<String> cgroups;
  private final String sshDestination;
  private final Map<String, Long> remotePids;

  private ServerStats(String source, List<String> cgroups, String ssh, Map<String, Long> pids) {
    this.source = source;
    this.cgroups = List.copyOf(cgroups);
    this.sshDestination = ssh;
    this.remotePids = Map.copyOf(pids);
  }

  public static ServerStats off() {
    return new ServerStats("off", List.of(), null, Map.of());
  }

  public static ServerStats proc() {
    return new ServerStats("proc", List.of(), null, Map.of());
  }

  /** Host B's cgroup folders from the lab's state (v2: one; v1: memory and cpuacct). */
  public static ServerStats cgroup(Map<String, String> lab) {
    String root = lab.getOrDefault("cgroup_root", "");
    String name = lab.getOrDefault("cgroup_name", "") + "-b";
    switch (lab.getOrDefault("cgroup_version", "none")) {
      case "2" -> {
        return new ServerStats("cgroup", List.of(root + "/" + name), null, Map.of());
      }
      case "1" -> {
        for (String c : List.of("cpuacct/", "cpu,cpuacct/", "cpu/")) {
          if (Files.isRegularFile(Path.of(root, c + name, "cpuacct.usage"))) {
            return new ServerStats(
                "cgroup", List.of(root + "/memory/" + name, root + "/" + c + name), null, Map.of());
          }
        }
        throw new IllegalArgumentException(
            "--server-stats cgroup: the lab's cgroup v1 has no CPU accounting for host B (no"
                + " cpuacct.usage under "
                + root
                + "/cpuacct/"
                + name
                + " or "
                + root
                + "/cpu/"
                + name
                + "); use --server-stats proc");
      }
      default ->
          throw new IllegalArgumentException(
              "--server-stats cgroup: the lab runs without cgroups (deploy/lab.sh found no"
                  + " memory/cpu controllers); use --server-stats proc");
    }
  }

  /**
   * One ssh to B asks {@code servers.sh status} for the protocols' server pids.
   *
   * @throws IllegalArgumentException with what ssh said when it fails
   */
  public static ServerStats ssh(
      String destination, String remoteDir, Map<String, String> serverNameOf, Consumer<String> log)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=15"));
    String extra = System.getenv("RPCX_SSH_OPTS");
    if (extra != null && !extra.isBlank()) {
      command.addAll(List.of(extra.trim().split("\\s+")));
    }
    List<String> protocols = List.copyOf(serverNameOf.keySet());
    String remote = remoteDir + "/servers.sh status --protocol " + String.join(",", protocols);
    command.addAll(List.of(destination, remote));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
    }
    Map<String, Long> byServer = parseStatus(out);
    Map<String, Long> pids = new HashMap<>();
    serverNameOf.forEach(
        (id, server) -> {
          if (byServer.containsKey(server)) {
            pids.put(id, byServer.get(server));
          }
        });
    if (p.exitValue() != 0 && byServer.isEmpty() && !out.contains(": not running")) {
      String[] lines = out.strip().split("\n");
      throw new IllegalArgumentException(
          "--server-stats ssh: cannot ask "
              + destination
              + " for its servers ("
              + remote
              + "): "
              + lines[lines.length - 1]);
    }
    for (String id : protocols) {
      if (!pids.containsKey(id)) {
        log.accept(
            id
                + ": no server of it running on "
                + destination
                + " (servers.sh status): its server CPU is not measured");
      }
    }
    return new ServerStats("ssh", List.of(), destination, pids);
  }

  /** "ID: running (pid N)" lines of servers.sh status. */
  static Map<String, Long> parseStatus(String out) {
    Map<String, Long> pids = new HashMap<>();
    Matcher m = RUNNING.matcher(out);
    while (m.find()) {
      pids.put(m.group(1), Long.parseLong(m.group(2)));
    }
    return pids;
  }

  public String source() {
    return source;
  }

  public List<String> cgroups() {
    return cgroups;
  }

  /**
   * The point's readers of {@code protocol}'s servers ({@code localPids}: the servers this run
   * started); with {@code off}, those servers are only named as under test, so the noise guard
   * never counts them as other tenants.
   */
  public void addTo(PointBuilder point, String protocol, List<Long> localPids) {
    switch (source) {
      case "proc" -> localPids.forEach(pid -> point.serverPid(protocol, pid));
      case "cgroup" -> cgroups.forEach(dir -> point.serverCgroup(Path.of(dir)));
      case "ssh" -> {
        Long pid = remotePids.get(protocol);
        if (pid != null) {
          point.serverSsh(sshDestination).serverPid(protocol, pid);
        }
      }
      default -> localPids.forEach(point::ownPid);
    }
  }
}
