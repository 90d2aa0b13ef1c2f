package io.rpcxbench.harness.runner.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LabLinksTest {
  @Test
  void theLabsFactsAreItsOwnMeasurementJudgedByTheOneRule() {
    Map<String, String> state = new LinkedHashMap<>();
    state.put("link", "packet");
    state.put("profile", "cross-az");
    state.put("rate", "10gbit");
    state.put("rtt_base_ms", "0.168");
    state.put("rtt_measured_ms", "1.210");
    state.put("rtt_jitter_ms", "0.090");
    state.put("rtt_expected_ms", "1.000");
    Map<String, String> facts = LabLinks.facts(new LabState(Path.of("lab.sh"), state));
    assertThat(facts)
        .containsEntry("link", "packet")
        .containsEntry("link_profile", "cross-az")
        .containsEntry("link_rtt_measured_ms", "1.210")
        .containsEntry("link_rtt_stdev_ms", "0.090")
        .containsEntry("link_rtt_check", "ok");
    state.put("rtt_measured_ms", "unmeasured");
    assertThat(LabLinks.facts(new LabState(Path.of("lab.sh"), state)).get("link_rtt_check"))
        .startsWith("unmeasured");
  }

  @Test
  void thePacketEmulatorIsNamedAsTheRunsOwnProcessNeverAnotherTenant() {
    Map<String, String> state = new LinkedHashMap<>();
    state.put("link", "packet");
    state.put("link_pid", "7620");
    assertThat(new LabState(Path.of("lab.sh"), state).linkProcessArgs())
        .containsExactly("--own-pid", "7620");
    state.put("link", "netem");
    state.remove("link_pid");
    assertThat(new LabState(Path.of("lab.sh"), state).linkProcessArgs()).isEmpty();
    state.put("link_pid", "not-a-pid");
    assertThat(new LabState(Path.of("lab.sh"), state).linkProcessArgs()).isEmpty();
  }
}
