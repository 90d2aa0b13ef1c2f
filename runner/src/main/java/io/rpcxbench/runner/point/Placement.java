package io.rpcxbench.runner.point;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a local run puts its processes (the one home of the rule, for sweep, choose and compare
 * alike): the servers on the upper half of the CPUs, the client on the lower half (2 CPUs: servers
 * on 1, the client on 0), each under {@code taskset -c}, so that the client and the servers never
 * take CPU time from each other. Without taskset or with one CPU nothing is pinned. Cross-CPU
 * wake-ups cost time too (build-facts.md): the placement is recorded in every raw file ({@code #
 * placement:}) and beside every table.
 *
 * <pre>{@code
 * Placement p = Placement.plan(2, true);
 * p.serverPrefix();  // [taskset, -c, 1]
 * p.text();          // taskset: servers on CPU 1, client on CPU 0
 * }</pre>
 *
 * @param serverCpus a taskset range like {@code 1} or {@code 2-3}, empty when not pinned
 * @param clientCpus the same for the client
 * @param cpus the CPUs this process may use
 * @param unpinnedBecause why nothing is pinned (empty when pinned)
 */
public record Placement(String serverCpus, String clientCpus, int cpus, String unpinnedBecause) {
  /** The provenance key every raw file of a run records the placement under. */
  public static final String KEY = "placement";

  /** {@code --placement}'s values ({@link PlacementOption}). */
  public enum Mode {
    pinned,
    unpinned
  }

  /** The placement on {@code cpus} CPUs, pinned when {@code taskset} is there. */
  public static Placement plan(int cpus, boolean taskset) {
    if (!taskset || cpus < 2) {
      return unpinned(cpus, "no taskset or a single CPU");
    }
    int half = cpus / 2;
    return new Placement(range(half, cpus - 1), range(0, half - 1), cpus, "");
  }

  /** Nothing pinned: the scheduler places client and servers, {@code why} says who chose it. */
  public static Placement unpinned(int cpus, String why) {
    return new Placement("", "", cpus, why);
  }

  /** This machine's placement, pinned unless {@code mode} is unpinned (--placement unpinned). */
  public static Placement here(Mode mode) {
    int cpus = Runtime.getRuntime().availableProcessors();
    return mode == Mode.pinned ? here() : unpinned(cpus, "--placement unpinned");
  }

  /** This machine's placement: its CPUs and whether taskset is on the PATH. */
  public static Placement here() {
    return plan(Runtime.getRuntime().availableProcessors(), tasksetOnPath());
  }

  /** Whether {@code taskset} (util-linux) is on the PATH. */
  public static boolean tasksetOnPath() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "taskset"))) {
        return true;
      }
    }
    return false;
  }

  private static String range(int from, int to) {
    return from == to ? String.valueOf(from) : from + "-" + to;
  }

  public boolean pinned() {
    return !serverCpus.isEmpty();
  }

  /** What runs a server: {@code taskset -c CPUS}, or nothing. */
  public List<String> serverPrefix() {
    return prefix(serverCpus);
  }

  /** What runs a harness JVM. */
  public List<String> clientPrefix() {
    return prefix(clientCpus);
  }

  private static List<String> prefix(String cpus) {
    return cpus.isEmpty() ? List.of() : List.of("taskset", "-c", cpus);
  }

  /** The cores the servers may use (report compare's --server-cores). */
  public int serverCores() {
    if (serverCpus.isEmpty()) {
      return cpus;
    }
    String[] ends = serverCpus.split("-");
    return ends.length == 1 ? 1 : Integer.parseInt(ends[1]) - Integer.parseInt(ends[0]) + 1;
  }

  /** The line beside the tables and in every raw file. */
  public String text() {
    return pinned()
        ? "taskset: servers on CPU " + serverCpus + ", client on CPU " + clientCpus
        : "not pinned (" + unpinnedBecause + ")";
  }

  /**
   * The line when the client runs in the runner's own JVM (in-process points): only the servers are
   * pinned, the client shares whatever the runner was given.
   */
  public String textInProcess() {
    return pinned()
        ? "taskset: servers on CPU " + serverCpus + ", client in the runner's JVM, not pinned"
        : text();
  }
}
