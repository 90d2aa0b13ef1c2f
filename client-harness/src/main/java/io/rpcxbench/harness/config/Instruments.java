package io.rpcxbench.harness.config;

import io.rpcxbench.harness.protocol.Protocol;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the harness measures beside the calls, in every load model: the server's CPU time and peak
 * memory ({@code --server-pid}, on this host or over {@code --server-ssh}, or {@code
 * --server-cgroup}), the interval log ({@code --hlog}) and the machine's noise ({@code
 * --noise-guard}). Part of {@link RunConfig}.
 *
 * @param serverPids server processes by protocol id; the key {@code ""} holds those given without
 *     an id, which every protocol of the point measures
 * @param serverSsh the ssh destination the pids are on, or null (this host)
 * @param serverCgroups the server's cgroup folders (v1: one per controller), or empty
 * @param hlog the interval log file, or null
 * @param noiseGuard whether each run reads the machine's noise, and what a contended run does
 * @param underTest processes of the run that are not measured ({@code --own-pid}): a lab's servers
 *     with {@code --server-stats off}; with their descendants, never other tenants
 */
public record Instruments(
    Map<String, List<Long>> serverPids,
    String serverSsh,
    List<Path> serverCgroups,
    Path hlog,
    NoiseGuard noiseGuard,
    List<Long> underTest) {
  public static final Instruments NONE = new Instruments(Map.of(), null);

  /** Where {@code /proc} is (tests may point elsewhere). */
  public static final Path PROC = Path.of("/proc");

  public Instruments {
    Map<String, List<Long>> copy = new LinkedHashMap<>();
    serverPids.forEach((id, pids) -> copy.put(id, List.copyOf(pids)));
    serverPids = Collections.unmodifiableMap(copy);
    serverCgroups = List.copyOf(serverCgroups);
    underTest = List.copyOf(underTest);
  }

  /** No process under test beyond the measured ones. */
  public Instruments(
      Map<String, List<Long>> serverPids,
      String serverSsh,
      List<Path> serverCgroups,
      Path hlog,
      NoiseGuard noiseGuard) {
    this(serverPids, serverSsh, serverCgroups, hlog, noiseGuard, List.of());
  }

  /** The machine's noise not read ({@code --noise-guard off}). */
  public Instruments(
      Map<String, List<Long>> serverPids, String serverSsh, List<Path> serverCgroups, Path hlog) {
    this(serverPids, serverSsh, serverCgroups, hlog, NoiseGuard.OFF);
  }

  public Instruments(Map<String, List<Long>> serverPids, Path hlog) {
    this(serverPids, null, List.of(), hlog);
  }

  /** {@code --server-pid PID} or {@code --server-pid ID=PID}, added to {@code pids}. */
  static void addServerPid(Map<String, List<Long>> pids, String text) {
    String value = text.trim();
    String id = "";
    int eq = value.indexOf('=');
    if (eq >= 0) {
      id = value.substring(0, eq).trim();
      value = value.substring(eq + 1).trim();
    }
    long pid;
    try {
      pid = Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--server-pid " + text + ": not PID or ID=PID (e.g. 4242 or rpcx=4242)");
    }
    pids.computeIfAbsent(id, k -> new ArrayList<>()).add(pid);
  }

  /**
   * Checks that every pid is a running process (on this host) and every id a protocol of the point
   * (a cgroup's accounting files: {@code ProcessStats.check}).
   */
  public void validate(List<Protocol> protocols) {
    if (!serverCgroups.isEmpty() && !serverPids.isEmpty()) {
      throw new IllegalArgumentException(
          "--server-cgroup and --server-pid are two ways to measure the server: choose one");
    }
    if (serverSsh != null && serverPids.isEmpty()) {
      throw new IllegalArgumentException(
          "--server-ssh " + serverSsh + " needs --server-pid (the server's pid on that host)");
    }
    for (Map.Entry<String, List<Long>> e : serverPids.entrySet()) {
      String id = e.getKey();
      if (!id.isEmpty() && protocols.stream().noneMatch(p -> p.id().equals(id))) {
        throw new IllegalArgumentException(
            "--server-pid "
                + id
                + "=...: "
                + id
                + " is not among --protocol "
                + Protocol.ids(protocols));
      }
      for (long pid : e.getValue()) {
        String option = "--server-pid " + (id.isEmpty() ? "" : id + "=") + pid;
        if (pid <= 0) {
          throw new IllegalArgumentException(option + ": a pid is a positive number");
        }
        if (serverSsh != null) {
          continue; // on the other host: its first reading says if it is gone
        }
        if (!Files.isDirectory(PROC)) {
          throw new IllegalArgumentException(option + ": needs Linux's /proc, not found here");
        }
        if (!Files.isReadable(PROC.resolve(String.valueOf(pid)).resolve("stat"))) {
          throw new IllegalArgumentException(option + ": no such process");
        }
      }
    }
  }

  /** The server processes this protocol's point measures: those without an id, then its own. */
  public List<Long> serverPids(Protocol protocol) {
    List<Long> pids = new ArrayList<>(serverPids.getOrDefault("", List.of()));
    pids.addAll(serverPids.getOrDefault(protocol.id(), List.of()));
    return pids;
  }

  /**
   * For one protocol of the point: with several protocols each writes its own log, the protocol id
   * before the extension ({@code run.hlog} -> {@code run-rpcx.hlog}).
   */
  public Instruments forProtocol(Protocol protocol, boolean several) {
    if (hlog == null || !several) {
      return this;
    }
    String name = hlog.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String own =
        dot > 0
            ? name.substring(0, dot) + "-" + protocol.id() + name.substring(dot)
            : name + "-" + protocol.id();
    return new Instruments(
        serverPids, serverSsh, serverCgroups, hlog.resolveSibling(own), noiseGuard, underTest);
  }

  /** The options that reproduce these, for {@code # options:} and the forked workers. */
  public void addArgs(List<String> args) {
    serverPids.forEach(
        (id, pids) -> {
          for (long pid : pids) {
            args.add("--server-pid");
            args.add(id.isEmpty() ? String.valueOf(pid) : id + "=" + pid);
          }
        });
    if (serverSsh != null) {
      args.add("--server-ssh");
      args.add(serverSsh);
    }
    for (Path dir : serverCgroups) {
      args.add("--server-cgroup");
      args.add(dir.toString());
    }
    if (hlog != null) {
      args.add("--hlog");
      args.add(hlog.toString());
    }
    args.add("--noise-guard");
    args.add(noiseGuard.id());
    for (long pid : underTest) {
      args.add("--own-pid");
      args.add(String.valueOf(pid));
    }
  }
}
