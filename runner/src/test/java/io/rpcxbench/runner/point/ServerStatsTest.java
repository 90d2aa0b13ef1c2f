package io.rpcxbench.runner.point;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.harness.PointBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerStatsTest {
  /** The arguments of a point of {@code protocol} that {@code stats} read. */
  private static List<String> args(ServerStats stats, String protocol, List<Long> pids) {
    PointBuilder point = HarnessPoints.point(protocol).closed(1, 1);
    stats.addTo(point, protocol, pids);
    return point.request().args();
  }

  @Test
  void procGivesEveryPidOfTheProtocolsServers() {
    long a = ProcessHandle.current().pid(); // the harness checks that a server's pid runs
    long b = ProcessHandle.current().parent().orElseThrow().pid();
    assertThat(args(ServerStats.proc(), "rpcx", List.of(a, b)))
        .containsSubsequence("--server-pid", "rpcx=" + a, "--server-pid", "rpcx=" + b);
    // off measures nothing, but names the servers it started as under test for the noise guard
    assertThat(args(ServerStats.off(), "rpcx", List.of(11L)))
        .containsSubsequence("--own-pid", "11")
        .doesNotContain("--server-pid");
    assertThat(args(ServerStats.off(), "rpcx", List.of())).doesNotContain("--own-pid");
  }

  @Test
  void cgroupV2GivesHostBsFolder(@TempDir Path root) throws Exception {
    // the harness checks that it is there and accounts for CPU and memory
    Path b = Files.createDirectories(root.resolve("rpcx-lab-b"));
    Files.writeString(b.resolve("cpu.stat"), "usage_usec 0\n");
    Files.writeString(b.resolve("memory.current"), "0\n");
    ServerStats s =
        ServerStats.cgroup(
            Map.of(
                "cgroup_version", "2", "cgroup_root", root.toString(), "cgroup_name", "rpcx-lab"));
    assertThat(args(s, "grpc", List.of()))
        .containsSubsequence("--server-cgroup", root.resolve("rpcx-lab-b").toString());
  }

  @Test
  void aLabWithoutCgroupsIsRefused() {
    assertThatThrownBy(() -> ServerStats.cgroup(Map.of("cgroup_version", "none")))
        .hasMessageContaining("the lab runs without cgroups");
  }

  @Test
  void serversShStatusLinesGiveThePidsOfRunningServers() {
    assertThat(
            ServerStats.parseStatus(
                "rpcx: running (pid 4242)\ngrpc: not running\nopenfeign: running (pid 7)\n"))
        .containsExactlyInAnyOrderEntriesOf(Map.of("rpcx", 4242L, "openfeign", 7L));
  }
}
