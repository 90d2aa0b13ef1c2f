package io.rpcxbench.runner.point;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerStatsTest {
  @Test
  void procGivesEveryPidOfTheProtocolsServers() {
    assertThat(ServerStats.proc().args("rpcx", List.of(11L, 12L)))
        .containsExactly("--server-pid", "rpcx=11", "--server-pid", "rpcx=12");
    // off measures nothing, but names the servers it started as under test for the noise guard
    assertThat(ServerStats.off().args("rpcx", List.of(11L))).containsExactly("--own-pid", "11");
    assertThat(ServerStats.off().args("rpcx", List.of())).isEmpty();
  }

  @Test
  void cgroupV2GivesHostBsFolder() {
    ServerStats s =
        ServerStats.cgroup(
            Map.of(
                "cgroup_version", "2", "cgroup_root", "/sys/fs/cgroup", "cgroup_name", "rpcx-lab"));
    assertThat(s.args("grpc", List.of()))
        .containsExactly("--server-cgroup", "/sys/fs/cgroup/rpcx-lab-b");
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
