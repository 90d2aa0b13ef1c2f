package io.rpcxbench.runner.sweep;

import io.rpcxbench.link.LinkTolerance;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The two-host lab as {@code deploy/lab.sh env} describes it (KEY=VALUE lines): host B's address,
 * the link, and the commands that run a process in host A or B ({@code lab.sh exec a --}).
 */
record LabState(Path labSh, Map<String, String> state) {
  /** How labs made before the native probe timed their round trips. */
  private static final String OLD_PROBE =
      "deploy/lab.sh up: 60 TCP round trips of 64 bytes, A to B (JVM)";

  static LabState load(Path home) throws IOException, InterruptedException {
    Path labSh = script(home);
    Process p = new ProcessBuilder(labSh.toString(), "env").redirectErrorStream(false).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IllegalArgumentException(
          "--lab: the lab is down; start it (as root) with: deploy/lab.sh up");
    }
    Map<String, String> state = new LinkedHashMap<>();
    for (String line : out.split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        state.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    if (!state.containsKey("addr_b") || !state.containsKey("ns_a") || !state.containsKey("if_a")) {
      throw new IllegalArgumentException("--lab: incomplete lab state from " + labSh + " env");
    }
    return new LabState(labSh, state);
  }

  /** The lab's script under {@code home}: the checkout's deploy/lab.sh, or a deploy's lab.sh. */
  static Path script(Path home) {
    Path labSh = home.resolve("deploy/lab.sh");
    if (!Files.isExecutable(labSh)) {
      labSh = home.resolve("lab.sh");
    }
    if (!Files.isExecutable(labSh)) {
      throw new IllegalArgumentException("--lab: deploy/lab.sh not found under " + home);
    }
    return labSh;
  }

  String addrB() {
    return state.get("addr_b");
  }

  /**
   * The packet emulator's pid ({@code link_pid}, with {@code link=packet}), a process of the run:
   * it moves every packet of the point, so its CPU is the link's, never another tenant's, and the
   * noise guard must not call the point contended for it. Null for a netem lab (the kernel's qdiscs
   * have no process), or none recorded.
   */
  Long linkPid() {
    String pid = state.get("link_pid");
    return pid != null && pid.matches("[1-9][0-9]{0,9}") ? Long.valueOf(pid) : null;
  }

  /**
   * Starts the packet emulator's window (SIGUSR2), as a point starts: its next stats count from
   * here. Nothing for a netem lab.
   */
  void markEmulator() throws IOException, InterruptedException {
    Long pid = linkPid();
    if (pid != null) {
      new ProcessBuilder("kill", "-USR2", pid.toString()).start().waitFor();
    }
  }

  /**
   * What the packet emulator did since {@link #markEmulator()}, as a point's file records it: its
   * window line ({@code packets=... late_us_p50=... cpu_share=...}: {@code link_emulator_window})
   * and whether it held the profile meanwhile ({@code link_emulator_check}, {@link
   * LinkTolerance#emulator}). Empty for a netem lab, or when the emulator wrote no stats within 2
   * s.
   */
  Map<String, String> emulatorWindow() throws IOException, InterruptedException {
    Long pid = linkPid();
    String statsFile = state.get("link_stats");
    if (pid == null || statsFile == null) {
      return Map.of();
    }
    Path stats = Path.of(statsFile);
    String old = Files.exists(stats) ? Files.readString(stats) : "";
    new ProcessBuilder("kill", "-USR1", pid.toString()).start().waitFor();
    long deadline = System.nanoTime() + 2_000_000_000L;
    String now = old;
    while (now.equals(old) && System.nanoTime() < deadline) {
      Thread.sleep(5); // the emulator writes the file whole (a rename) on SIGUSR1
      now = Files.exists(stats) ? Files.readString(stats) : "";
    }
    return emulatorWindow(now, state.get("rtt_expected_ms"));
  }

  /** From the emulator's stats text, the point's keys (see {@link #emulatorWindow()}). */
  static Map<String, String> emulatorWindow(String statsText, String expectedAddedMs) {
    String prefix = "linkem window ";
    Map<String, String> m = new LinkedHashMap<>();
    for (String line : statsText.split("\n")) {
      if (!line.startsWith(prefix)) {
        continue;
      }
      String window = line.substring(prefix.length()).trim();
      m.put("link_emulator_window", window);
      Map<String, String> kv = new LinkedHashMap<>();
      for (String word : window.split("\\s+")) {
        int eq = word.indexOf('=');
        if (eq > 0) {
          kv.put(word.substring(0, eq), word.substring(eq + 1));
        }
      }
      String p50 = kv.get("late_us_p50");
      String p99 = kv.get("late_us_p99");
      m.put(
          "link_emulator_check",
          LabLinks.number(p50) && LabLinks.number(p99) && LabLinks.number(expectedAddedMs)
              ? LinkTolerance.emulator(
                  Double.parseDouble(p50),
                  Double.parseDouble(p99),
                  Double.parseDouble(expectedAddedMs))
              : "unmeasured (no lateness or no profile RTT)");
    }
    return m;
  }

  List<String> execIn(String host) {
    return List.of(labSh.toString(), "exec", host, "--");
  }

  /** The facts every file of a lab sweep records. */
  Map<String, String> provenance() {
    Map<String, String> m = new LinkedHashMap<>();
    // how lab.sh made the link: netem (veth + tc), or packet (TAP + linkem); labs before --link
    // were netem
    m.put("link", state.getOrDefault("link", "netem"));
    m.put("link_rate", get("rate"));
    m.put("link_burst", get("burst"));
    m.put(
        "lab",
        "rate="
            + get("rate")
            + " cpus="
            + get("cpus")
            + " memory="
            + get("memory")
            + " delay="
            + get("delay")
            + " measured="
            + get("measured"));
    m.put("lab_isolation", isolation());
    if (state.containsKey("link_rt")) {
      m.put("link_emulator_rt", get("link_rt"));
    }
    m.putAll(linkRtt());
    return m;
  }

  /**
   * The link's round trip as lab.sh measured it at {@code up} (unshaped, then shaped, by the same
   * probe), judged by both rules of {@link LinkTolerance}: {@code link_rtt_check} (on its profile
   * or off it) and {@code link_rtt_accuracy} (held within 2 % or 20 us, or not, from the native
   * probe's round trips; labs made before it timed 60 in a JVM, and are not judged).
   */
  Map<String, String> linkRtt() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("link_rtt_method", state.getOrDefault("rtt_method", OLD_PROBE));
    String base = state.get("rtt_base_ms");
    String measured = state.get("rtt_measured_ms");
    String expected = state.get("rtt_expected_ms");
    if (!LabLinks.number(base) || !LabLinks.number(measured) || !LabLinks.number(expected)) {
      m.put("link_rtt_check", "unmeasured (lab.sh had no probe)");
      return m;
    }
    double added = Double.parseDouble(measured) - Double.parseDouble(base);
    double profile = Double.parseDouble(expected);
    String trips = state.getOrDefault("rtt_round_trips", "60");
    m.put("link_rtt_base_ms", base);
    m.put("link_rtt_measured_ms", measured);
    m.put("link_rtt_stdev_ms", state.getOrDefault("rtt_jitter_ms", "?"));
    m.put("link_rtt_expected_added_ms", expected);
    m.put("link_rtt_check", LinkTolerance.rtt(added, profile));
    m.put(
        "link_rtt_accuracy",
        LinkTolerance.rttAccuracy(
            added, profile, trips.matches("[0-9]{1,9}") ? Integer.parseInt(trips) : 0));
    return m;
  }

  /**
   * How the lab held its hosts apart: the cgroups' quota (or none: not enforced), the pinned cores,
   * and whether it ran as root or in a user namespace of its own ({@code lab.sh unprivileged}).
   */
  String isolation() {
    String cgroups = get("cgroup_version");
    String quota =
        "none".equals(cgroups) || "?".equals(cgroups)
            ? "memory and CPU quota not enforced (no writable cgroups)"
            : "cgroup v" + cgroups + " memory and CPU quota";
    String cores =
        state.getOrDefault("cpuset_a", "").isEmpty()
            ? "cores shared"
            : "cores pinned (A " + get("cpuset_a") + ", B " + get("cpuset_b") + ")";
    String who =
        "1".equals(state.get("unprivileged"))
            ? "in a user namespace of its own (lab.sh unprivileged)"
            : "as root";
    return quota + "; " + cores + "; run " + who;
  }

  private String get(String key) {
    return state.getOrDefault(key, "?");
  }

  /** Bytes host A's end of the link sent and received so far. */
  long[] linkBytes() throws IOException, InterruptedException {
    String stats = "/sys/class/net/" + state.get("if_a") + "/statistics/";
    Process p =
        new ProcessBuilder(
                "ip",
                "netns",
                "exec",
                state.get("ns_a"),
                "cat",
                stats + "tx_bytes",
                stats + "rx_bytes")
            .start();
    String[] v =
        new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim().split("\\s+");
    p.waitFor();
    return new long[] {Long.parseLong(v[0]), Long.parseLong(v[1])};
  }
}
