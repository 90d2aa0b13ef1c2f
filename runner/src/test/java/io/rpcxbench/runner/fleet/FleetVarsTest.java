package io.rpcxbench.runner.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcxbench.harness.HarnessPoints;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FleetVarsTest {
  private static final Path HOSTS = Path.of("/r/raw-hosts/rpcx/open-r3000-d10s-x3");
  private static final Path MERGED = Path.of("/r/raw");

  @Test
  void aPointAsTheHarnessesOwnWriterGivesItBecomesTheSameVariables() {
    // what the runner hands a fleet's launcher: every option, durations in ISO-8601 (PT10S)
    List<String> args =
        HarnessPoints.point("rpcx")
            .rate(3000, Duration.ofSeconds(10))
            .runs(3)
            .target("127.0.0.1", 8081)
            .out(MERGED)
            .options(List.of("--call", "echo"))
            .request()
            .args();
    Map<String, Object> v = FleetVars.of(args, HOSTS, MERGED, 600);
    assertThat(v)
        .containsEntry("protocols", "rpcx")
        .containsEntry("rates", "3000")
        .containsEntry("duration", "10s")
        .containsEntry("runs", 3)
        .containsEntry("run_slot_s", 10 + FleetVars.RUN_SLOT_MARGIN_S)
        .doesNotContainKey("threads");
    @SuppressWarnings("unchecked")
    List<String> rest = (List<String>) v.get("harness_args");
    assertThat(rest).containsSubsequence("--call", "echo");
    assertThat(rest).doesNotContain("--host", "--port", "--out", "--rate", "--duration", "--runs");
    assertThat(FleetVars.seconds("PT1M")).isEqualTo(60);
    assertThat(FleetVars.seconds("1500ms")).isEqualTo(2);
    assertThat(FleetVars.seconds("7")).isEqualTo(7);
  }

  @Test
  void anOpenLoopPointBecomesThePlaybooksVariablesAndTheRestGoesToEveryHarnessVerbatim() {
    Map<String, Object> v =
        FleetVars.of(
            List.of(
                "--protocol",
                "rpcx",
                "--rate",
                "3000",
                "--duration",
                "10s",
                "--runs",
                "3",
                "--host",
                "fleet",
                "--port",
                "rpcx=8081",
                "--out",
                "/r/raw",
                "--time-limit",
                "60s",
                "--warmup-mode",
                "steady",
                "--warmup-max",
                "10s",
                "--provenance",
                "server_jvm_flags=-Xms384m -Xmx384m",
                "--provenance",
                "choose_candidate=rpcx"),
            HOSTS,
            MERGED,
            600);
    assertThat(v)
        .containsEntry("protocols", "rpcx")
        .containsEntry("rates", "3000")
        .containsEntry("duration", "10s")
        .containsEntry("runs", 3)
        .containsEntry("results_dir", HOSTS.toString())
        .containsEntry("merged_dir", MERGED.toString())
        .containsEntry("keep_servers", true)
        .containsEntry("point_timeout_s", 600L)
        // every run released together, a duration plus a margin apart; the lead covers the warm-up
        .containsEntry("run_slot_s", 10 + FleetVars.RUN_SLOT_MARGIN_S)
        .containsEntry("start_lead_s", FleetVars.START_LEAD_S + 10)
        .doesNotContainKeys("threads", "requests");
    // the target is the playbook's; a fact it records itself is not given twice; a value with
    // spaces stays one argument
    assertThat(v.get("harness_args"))
        .isEqualTo(
            List.of(
                "--time-limit",
                "60s",
                "--warmup-mode",
                "steady",
                "--warmup-max",
                "10s",
                "--provenance",
                "choose_candidate=rpcx"));
  }

  @Test
  void aClosedLoopPointKeepsItsThreadsAndRequestsAndNoRunSlot() {
    Map<String, Object> v =
        FleetVars.of(
            List.of("--protocol", "grpc", "--threads", "16", "--requests", "1000", "--runs", "5"),
            HOSTS,
            MERGED,
            60);
    assertThat(v)
        .containsEntry("threads", "16")
        .containsEntry("requests", "1000")
        .containsEntry("start_lead_s", FleetVars.START_LEAD_S)
        .doesNotContainKeys("rates", "run_slot_s");
  }

  @Test
  void whatAFleetDoesNotRunIsRefusedInOneLine() {
    assertThatThrownBy(
            () ->
                FleetVars.of(List.of("--protocol", "rpcx", "--in-flight", "16"), HOSTS, MERGED, 1))
        .hasMessageContaining("--in-flight does not run on a fleet");
    assertThatThrownBy(() -> FleetVars.of(List.of("--threads", "1"), HOSTS, MERGED, 1))
        .hasMessageContaining("needs --protocol");
  }

  @Test
  void theInventoryIsWhatAnsibleListsWithGroupsOfGroupsAndTheMergedFileNamesItsClientHosts()
      throws Exception {
    String list =
        """
        {"_meta": {"hostvars": {}},
         "all": {"children": ["ungrouped", "clients", "servers"]},
         "clients": {"hosts": ["c1"], "children": ["rack2"]},
         "rack2": {"hosts": ["c2", "c3"]},
         "servers": {"hosts": ["s1"]}}
        """;
    FleetInventory f = FleetInventory.parse(Path.of("inv.ini"), new ObjectMapper().readTree(list));
    assertThat(f.clients()).containsExactly("c1", "c2", "c3");
    assertThat(f.servers()).containsExactly("s1");
    assertThat(f.with(Map.of("fleet_dir", "/srv/bench")).vars())
        .containsEntry("fleet_dir", "/srv/bench");
    assertThatThrownBy(() -> f.with(Map.of("runs", "3")))
        .hasMessageContaining("--fleet-var runs: the runner sets it for every point");
    assertThat(f.merged(Path.of("out/rpcx/open-r3000-d10s.csv")))
        .isEqualTo(Path.of("out/rpcx/open-r3000-d10s-x3.csv"));
    assertThatThrownBy(
            () ->
                FleetInventory.parse(
                    Path.of("inv.ini"),
                    new ObjectMapper().readTree("{\"clients\": {\"hosts\": [\"c1\"]}}")))
        .hasMessageContaining("needs a group 'clients'")
        .hasMessageContaining("1 client and 0 server hosts");
  }

  @Test
  void durationsInWholeSeconds() {
    assertThat(FleetVars.seconds("10s")).isEqualTo(10);
    assertThat(FleetVars.seconds("2m")).isEqualTo(120);
    assertThat(FleetVars.seconds("1500ms")).isEqualTo(2);
    assertThatThrownBy(() -> FleetVars.seconds("soon")).hasMessageContaining("not a duration");
  }
}
