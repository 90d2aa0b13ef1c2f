package io.rpcxbench.runner.sweep;

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
        .containsEntry("link_rtt_check", "ok")
        .containsEntry(
            "link_rtt_method", "deploy/lab.sh up: 60 TCP round trips of 64 bytes, A to B (JVM)")
        .containsEntry(
            "link_rtt_accuracy",
            "unjudged: 60 round trips cannot resolve +-0.020 ms (the native probe times 1000)");
    // the native probe's 1000 round trips: judged to 2 % or 20 us, and 42 us off is not held
    state.put("rtt_method", "native probe (linkem-probe), 1000 TCP round trips");
    state.put("rtt_round_trips", "1000");
    Map<String, String> nativeFacts = LabLinks.facts(new LabState(Path.of("lab.sh"), state));
    assertThat(nativeFacts)
        .containsEntry("link_rtt_method", "native probe (linkem-probe), 1000 TCP round trips")
        .containsEntry("link_rtt_check", "ok")
        .containsEntry(
            "link_rtt_accuracy",
            "the box could not hold it: the link added 1.042 ms, the profile 1.000 ms (tolerance"
                + " +-0.020 ms, 1000 round trips)");
    state.put("rtt_measured_ms", "1.180");
    assertThat(new LabState(Path.of("lab.sh"), state).provenance())
        .containsEntry(
            "link_rtt_accuracy",
            "held: the link added 1.012 ms, the profile 1.000 ms (tolerance +-0.020 ms, 1000 round"
                + " trips)");
    state.put("rtt_measured_ms", "unmeasured");
    assertThat(LabLinks.facts(new LabState(Path.of("lab.sh"), state)).get("link_rtt_check"))
        .startsWith("unmeasured");
  }

  @Test
  void thePacketEmulatorIsNamedAsTheRunsOwnProcessNeverAnotherTenant() {
    Map<String, String> state = new LinkedHashMap<>();
    state.put("link", "packet");
    state.put("link_pid", "7620");
    assertThat(new LabState(Path.of("lab.sh"), state).linkPid()).isEqualTo(7620L);
    state.put("link", "netem");
    state.remove("link_pid");
    assertThat(new LabState(Path.of("lab.sh"), state).linkPid()).isNull();
    state.put("link_pid", "not-a-pid");
    assertThat(new LabState(Path.of("lab.sh"), state).linkPid()).isNull();
  }

  @Test
  void aPointRecordsTheEmulatorsWindowAndWhetherItHeldTheProfile() {
    String stats =
        "linkem up in=10 out=10 late_us_p50=1.5\n"
            + "linkem total packets=20 elapsed_s=9.000 cpu_ms=3.0\n"
            + "linkem window elapsed_s=2.000 packets=400 lost=0 queue_drops=0 late_us_p50=3.5"
            + " late_us_p99=40.5 late_us_max=90.0 cpu_share=0.120 spin_share=0.050\n";
    Map<String, String> held = LabState.emulatorWindow(stats, "2.000");
    assertThat(held)
        .containsEntry(
            "link_emulator_window",
            "elapsed_s=2.000 packets=400 lost=0 queue_drops=0 late_us_p50=3.5 late_us_p99=40.5"
                + " late_us_max=90.0 cpu_share=0.120 spin_share=0.050")
        .containsEntry("link_emulator_check", "ok");
    String busy =
        stats.replace("late_us_p50=3.5 late_us_p99=40.5", "late_us_p50=900.0 late_us_p99=4000.0");
    assertThat(LabState.emulatorWindow(busy, "0.200").get("link_emulator_check"))
        .startsWith("off: the emulator released this point's packets late by 900 us");
    assertThat(LabState.emulatorWindow("linkem total packets=1\n", "2.000")).isEmpty();
    assertThat(LabState.emulatorWindow(stats, "?").get("link_emulator_check"))
        .startsWith("unmeasured");
  }

  @Test
  void everyFileSaysHowTheLabHeldItsHostsApartAndAsWhom() {
    Map<String, String> root = new LinkedHashMap<>();
    root.put("cgroup_version", "2");
    root.put("cpuset_a", "0");
    root.put("cpuset_b", "1");
    root.put("unprivileged", "0");
    root.put("link_rt", "fifo:10");
    LabState asRoot = new LabState(Path.of("lab.sh"), root);
    assertThat(asRoot.provenance())
        .containsEntry(
            "lab_isolation", "cgroup v2 memory and CPU quota; cores pinned (A 0, B 1); run as root")
        .containsEntry("link_emulator_rt", "fifo:10");
    Map<String, String> user = new LinkedHashMap<>(root);
    user.put("cgroup_version", "none");
    user.put("unprivileged", "1");
    user.put("link_rt", "off(Operation not permitted)");
    assertThat(new LabState(Path.of("lab.sh"), user).provenance())
        .containsEntry(
            "lab_isolation",
            "memory and CPU quota not enforced (no writable cgroups); cores pinned (A 0, B 1);"
                + " run in a user namespace of its own (lab.sh unprivileged)")
        .containsEntry("link_emulator_rt", "off(Operation not permitted)");
  }
}
