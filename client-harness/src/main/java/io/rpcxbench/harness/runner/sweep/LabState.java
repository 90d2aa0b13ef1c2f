package io.rpcxbench.harness.runner.sweep;

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
   * The harness options that name the lab's packet emulator ({@code link_pid}, with {@code
   * link=packet}) as a process of the run: it moves every packet of the point, so its CPU is the
   * link's, never another tenant's, and the noise guard must not call the point contended for it.
   * None for a netem lab (the kernel's qdiscs have no process).
   */
  List<String> linkProcessArgs() {
    String pid = state.get("link_pid");
    return pid != null && pid.matches("[1-9][0-9]{0,9}") ? List.of("--own-pid", pid) : List.of();
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
    return m;
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
