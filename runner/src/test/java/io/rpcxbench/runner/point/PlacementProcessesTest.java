package io.rpcxbench.runner.point;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rpcxbench.harness.HarnessPoints.CatalogEntry;
import io.rpcxbench.runner.LineServerMain;
import io.rpcxbench.runner.TestJars;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The placement as the kernel sees it: a real server started by {@link LocalServers} and a real
 * harness JVM started by {@link PointLauncher.Forked}, each with the prefix the runner gives them
 * for --local, and each process's affinity read from {@code /proc/PID/status} while it runs.
 */
class PlacementProcessesTest {
  @TempDir Path home;

  @BeforeEach
  void needsTwoCpusAndTaskset() {
    int cpus = Runtime.getRuntime().availableProcessors();
    assumeTrue(cpus >= 2, "skipped: " + cpus + " CPU, nothing to place apart");
    assumeTrue(Placement.tasksetOnPath(), "skipped: no taskset on the PATH");
    assumeTrue(Files.isReadable(Path.of("/proc/self/status")), "skipped: no /proc");
  }

  @Test
  void pinnedServersAndClientRunOnDisjointCores() throws Exception {
    Placement p = Placement.here(Placement.Mode.pinned);
    Map<String, Set<Integer>> seen = runServerAndPoint(p);
    assertThat(seen.get("server")).isEqualTo(cpus(p.serverCpus()));
    assertThat(seen.get("client")).isEqualTo(cpus(p.clientCpus()));
    assertThat(seen.get("server")).doesNotContainAnyElementsOf(seen.get("client"));
  }

  @Test
  void unpinnedServersAndClientMayUseEveryCpuThisJvmMay() throws Exception {
    Placement p = Placement.here(Placement.Mode.unpinned);
    Map<String, Set<Integer>> seen = runServerAndPoint(p);
    Set<Integer> mine = affinity(ProcessHandle.current().pid());
    assertThat(mine).hasSizeGreaterThanOrEqualTo(2);
    assertThat(seen.get("server")).isEqualTo(mine);
    assertThat(seen.get("client")).isEqualTo(mine);
  }

  /** The affinity of the server and of the point's JVM, each read while it runs. */
  private Map<String, Set<Integer>> runServerAndPoint(Placement p) throws Exception {
    TestJars.serverJar(home, "line.jar", LineServerMain.class);
    Map<String, Set<Integer>> seen = new ConcurrentHashMap<>();
    OwnProcesses own = new OwnProcesses(home);
    try (LocalServers servers =
        new LocalServers(
            home,
            "127.0.0.1",
            p.serverPrefix(),
            List.of("-Xmx64m"),
            home,
            l -> {},
            own,
            60_000,
            ClassDataArchives.off("a test"))) {
      int port =
          servers
              .startAll(
                  List.of(new CatalogEntry("line", "line", 1, 9999, "line.jar", List.of(), "", "")),
                  List.of())
              .get("line");
      long serverPid = servers.pids("line").get(0);
      seen.put("server", affinity(serverPid));
      List<String> lines = Collections.synchronizedList(new ArrayList<>());
      PointLauncher.Forked client =
          new PointLauncher.Forked(p.clientPrefix(), List.of("-Xmx128m"), 120_000, own);
      int code =
          client.run(
              List.of(
                  "--protocol",
                  "line",
                  "--threads",
                  "1",
                  "--requests",
                  "3",
                  "--runs",
                  "2",
                  "--host",
                  "127.0.0.1",
                  "--port",
                  "line=" + port,
                  "--out",
                  home.toString()),
              home.resolve("line/t1-r3.csv"),
              line -> {
                lines.add(line);
                // the point's JVM prints while it runs: read its affinity then, once
                if (!seen.containsKey("client")) {
                  ProcessHandle.current()
                      .children()
                      .filter(c -> c.pid() != serverPid && c.isAlive())
                      .findFirst()
                      .ifPresent(c -> seen.put("client", affinity(c.pid())));
                }
              });
      assertThat(code).as(String.join("\n", lines)).isZero();
    }
    assertThat(seen).containsKeys("server", "client");
    return seen;
  }

  /** {@code Cpus_allowed_list} of {@code pid}, as a set of CPU numbers. */
  private static Set<Integer> affinity(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
        if (line.startsWith("Cpus_allowed_list:")) {
          return cpus(line.substring(line.indexOf(':') + 1).trim());
        }
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    throw new IllegalStateException("no Cpus_allowed_list for pid " + pid);
  }

  /** A CPU list like {@code 0-1,3} as its CPUs. */
  private static Set<Integer> cpus(String list) {
    Set<Integer> cpus = new TreeSet<>();
    for (String part : list.split(",")) {
      String[] ends = part.split("-");
      int from = Integer.parseInt(ends[0]);
      int to = ends.length == 1 ? from : Integer.parseInt(ends[1]);
      for (int c = from; c <= to; c++) {
        cpus.add(c);
      }
    }
    return cpus;
  }
}
