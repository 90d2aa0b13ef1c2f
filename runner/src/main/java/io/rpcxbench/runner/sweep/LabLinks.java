package io.rpcxbench.runner.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code --lab --profile lan,wan}: the lab's link set to each profile in turn, as the points come
 * ({@code deploy/lab.sh up --profile NAME --link auto|netem|packet}, keeping the lab's cores and
 * memory; the servers in host B keep running). lab.sh measures the link it made (its round trip
 * unshaped and shaped, and a transfer's rate) and every point records those figures ({@link
 * LabState#provenance}). Needs root, as the lab does.
 *
 * <pre>{@code
 * LabLinks links = new LabLinks(home, "packet", log);
 * links.use("wan");                 // lab.sh up --profile wan --link packet, unless set already
 * links.provenance("wan");          // link=packet, link_rtt_measured_ms=40.812, ...
 * }</pre>
 */
final class LabLinks {
  private final Path home;
  private final String link;
  private final Consumer<String> log;
  private String current;
  private Map<String, String> facts = Map.of();
  private LabState lab;

  LabLinks(Path home, String link, Consumer<String> log) {
    this.home = home;
    this.link = link;
    this.log = log;
  }

  /**
   * Sets the lab's link to {@code profile} unless this runner set it already.
   *
   * @throws IllegalStateException when lab.sh refuses or fails (its last lines)
   */
  void use(String profile) {
    if (profile.equals(current)) {
      return;
    }
    try {
      List<String> command =
          new ArrayList<>(
              List.of(
                  LabState.script(home).toString(),
                  "up",
                  "--profile",
                  profile.isEmpty() ? "loopback" : profile,
                  "--link",
                  link));
      try {
        Map<String, String> running = LabState.load(home).state();
        command.addAll(List.of("--cpus", running.get("cpus"), "--memory", running.get("memory")));
      } catch (IllegalArgumentException down) {
        // the lab is down: lab.sh up makes it with its defaults
      }
      log.accept("lab link: " + String.join(" ", command));
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (p.waitFor() != 0) {
        throw new IllegalStateException(
            "--lab --profile " + profile + ": deploy/lab.sh up failed: " + tail(out));
      }
      out.lines().filter(l -> l.startsWith("lab: measured")).forEach(log);
      lab = LabState.load(home);
      facts = facts(lab);
      current = profile;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while setting the lab's link", e);
    }
  }

  /** The lab as this runner last set it (a new link, a new emulator process); null before. */
  LabState lab() {
    return lab;
  }

  /** What a point across {@code profile} records of the lab's link (set first if need be). */
  Map<String, String> provenance(String profile) {
    use(profile);
    return facts;
  }

  /** The lab's facts: how it made the link, and its round trip as lab.sh measured it. */
  static Map<String, String> facts(LabState lab) {
    Map<String, String> m = new LinkedHashMap<>(lab.provenance());
    m.put("link_profile", lab.state().getOrDefault("profile", "?"));
    return m;
  }

  /** A plain decimal number ({@code 0.342}), as lab.sh and linkem write them. */
  static boolean number(String v) {
    return v != null && v.matches("[0-9]+(\\.[0-9]+)?");
  }

  private static String tail(String out) {
    List<String> lines = out.lines().toList();
    return String.join(" | ", lines.subList(Math.max(0, lines.size() - 4), lines.size()));
  }
}
