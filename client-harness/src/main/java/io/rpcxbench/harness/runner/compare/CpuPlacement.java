package io.rpcxbench.harness.runner.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where the side-by-side comparison runs its processes: the servers on the upper half of the CPUs,
 * the client on the lower half (2 CPUs: servers on 1, the client on 0), each under {@code taskset
 * -c}, so that the client and the servers never take CPU time from each other. Without taskset or
 * with one CPU nothing is pinned. Cross-CPU wake-ups cost time too (build-facts.md): the placement
 * is recorded beside every table.
 *
 * <pre>{@code
 * CpuPlacement p = CpuPlacement.plan(2, true);
 * p.serverPrefix();  // [taskset, -c, 1]
 * p.text();          // taskset: servers on CPU 1, client on CPU 0
 * }</pre>
 *
 * @param serverCpus a taskset range like {@code 1} or {@code 2-3}, empty when not pinned
 * @param clientCpus the same for the client
 * @param cpus the CPUs this process may use
 * @param unpinnedBecause why nothing is pinned (empty when pinned)
 */
record CpuPlacement(String serverCpus, String clientCpus, int cpus, String unpinnedBecause) {
  /** The placement on {@code cpus} CPUs, pinned when {@code taskset} is there. */
  static CpuPlacement plan(int cpus, boolean taskset) {
    if (!taskset || cpus < 2) {
      return unpinned(cpus, "no taskset or a single CPU");
    }
    int half = cpus / 2;
    return new CpuPlacement(range(half, cpus - 1), range(0, half - 1), cpus, "");
  }

  /** Nothing pinned: the scheduler places client and servers, {@code why} says who chose it. */
  static CpuPlacement unpinned(int cpus, String why) {
    return new CpuPlacement("", "", cpus, why);
  }

  /** This machine's placement, pinned unless {@code pin} is false (--placement unpinned). */
  static CpuPlacement here(boolean pin) {
    int cpus = Runtime.getRuntime().availableProcessors();
    return pin ? here() : unpinned(cpus, "--placement unpinned");
  }

  /** This machine's placement: its CPUs and whether taskset is on the PATH. */
  static CpuPlacement here() {
    boolean taskset = false;
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "taskset"))) {
        taskset = true;
        break;
      }
    }
    return plan(Runtime.getRuntime().availableProcessors(), taskset);
  }

  private static String range(int from, int to) {
    return from == to ? String.valueOf(from) : from + "-" + to;
  }

  boolean pinned() {
    return !serverCpus.isEmpty();
  }

  /** What runs a server: {@code taskset -c CPUS}, or nothing. */
  List<String> serverPrefix() {
    return prefix(serverCpus);
  }

  /** What runs a harness JVM. */
  List<String> clientPrefix() {
    return prefix(clientCpus);
  }

  private static List<String> prefix(String cpus) {
    return cpus.isEmpty() ? List.of() : List.of("taskset", "-c", cpus);
  }

  /** The cores the servers may use (report compare's --server-cores). */
  int serverCores() {
    if (serverCpus.isEmpty()) {
      return cpus;
    }
    String[] ends = serverCpus.split("-");
    return ends.length == 1 ? 1 : Integer.parseInt(ends[1]) - Integer.parseInt(ends[0]) + 1;
  }

  /** The line beside the tables. */
  String text() {
    return pinned()
        ? "taskset: servers on CPU " + serverCpus + ", client on CPU " + clientCpus
        : "not pinned (" + unpinnedBecause + ")";
  }
}
