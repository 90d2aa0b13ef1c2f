package io.rpcxbench.harness.runner.link;

import io.rpcxbench.harness.runner.point.ServerSite;
import io.rpcxbench.raw.PointIdentity;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code --profile loopback,cross-az,wan}: the network profiles a sweep or a choose runs across,
 * checked against the one table of profiles ({@code deploy/network-profiles.tsv}, read by the lab
 * and the link-shaper alike). {@code loopback} is the link as it is; every other profile is shaped
 * by the userspace link-shaper in front of the servers (docs/network-profiles.md), which carries
 * TCP's bytes and so cannot drop, reorder or duplicate packets: a profile that needs that is
 * refused here, naming the lab.
 *
 * <pre>{@code
 * LinkProfiles.checked("loopback,wan", home, ServerSite.LOCAL, "single"); // [loopback, wan]
 * LinkProfiles.checked(null, home, ServerSite.LOCAL, "single");           // [""]: none asked
 * }</pre>
 */
public final class LinkProfiles {
  static final String TABLE = "deploy/network-profiles.tsv";

  private LinkProfiles() {}

  /**
   * The profiles of {@code --profile}, in the order given; {@code [""]} when none was given.
   *
   * @throws IllegalArgumentException naming what is wrong (an unknown name, a profile with packet
   *     loss, the lab, a chain)
   */
  public static List<String> checked(String list, Path home, ServerSite where, String scenario) {
    if (list == null) {
      return List.of("");
    }
    if (where == ServerSite.FLEET) {
      throw new IllegalArgumentException(
          "--profile with --fleet: the fleet's link is the network between its hosts (shape it"
              + " there); the userspace link-shaper runs beside --local or --host servers");
    }
    if (where == ServerSite.LAB) {
      throw new IllegalArgumentException(
          "--profile shapes the link with the userspace link-shaper in front of --local or --host"
              + " servers; the lab's link is set when it starts: deploy/lab.sh up --profile NAME");
    }
    if (scenario.equals("chain")) {
      throw new IllegalArgumentException(
          "--profile with --scenario chain: the link-shaper sits between the harness and one"
              + " server; a chain's inner links would stay unshaped");
    }
    Map<String, String[]> table = table(home);
    Set<String> names = new LinkedHashSet<>();
    for (String name : list.split(",", -1)) {
      String n = name.trim();
      String[] row = table.get(n);
      if (row == null) {
        throw new IllegalArgumentException(
            "--profile: unknown network profile '"
                + n
                + "'; the profiles ("
                + TABLE
                + "): "
                + String.join(", ", table.keySet()));
      }
      String packets = packetsOnly(row);
      if (packets != null) {
        throw new IllegalArgumentException(
            "--profile "
                + n
                + " needs "
                + packets
                + ", which only a packet shaper does: run it in the lab (deploy/lab.sh up --profile "
                + n
                + ", then --lab); the link-shaper carries TCP's bytes");
      }
      if (!names.add(n)) {
        throw new IllegalArgumentException("--profile names " + n + " twice");
      }
    }
    return List.copyOf(names);
  }

  /** The one-way delay {@code profile} adds in ms (its table row's {@code delay}: 20ms, 500us). */
  static double delayMs(String profile, Path home) {
    String[] row = table(home).get(profile);
    if (row == null) {
      throw new IllegalArgumentException("unknown network profile '" + profile + "'");
    }
    String d = row[1].trim();
    if (d.endsWith("us")) {
      return Double.parseDouble(d.substring(0, d.length() - 2)) / 1000;
    }
    if (d.endsWith("ms")) {
      return Double.parseDouble(d.substring(0, d.length() - 2));
    }
    if (d.endsWith("s")) {
      return Double.parseDouble(d.substring(0, d.length() - 1)) * 1000;
    }
    return Double.parseDouble(d);
  }

  /** Whether {@code profile} is shaped by a link-shaper (every named profile but loopback). */
  public static boolean shaped(String profile) {
    return !profile.isEmpty() && !profile.equals(PointIdentity.LOOPBACK);
  }

  /**
   * The table's rows by name (name, delay, jitter, distribution, loss, ..., rate, description): the
   * checkout's, else the copy packed into this jar at build time.
   */
  private static Map<String, String[]> table(Path home) {
    Path file = home.resolve(TABLE);
    List<String> lines;
    try (InputStream packed = LinkProfiles.class.getResourceAsStream("network-profiles.tsv")) {
      if (Files.isRegularFile(file)) {
        lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      } else if (packed != null) {
        lines = new String(packed.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
      } else {
        throw new IOException("not found");
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "--profile: cannot read the network profiles, " + file + ": " + e.getMessage());
    }
    Map<String, String[]> rows = new LinkedHashMap<>();
    for (String line : lines) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t");
      rows.put(f[0], f);
    }
    return rows;
  }

  /** What of a row only a packet shaper can do (loss, reordering, duplication), or null. */
  private static String packetsOnly(String[] row) {
    List<String> needs = new ArrayList<>();
    String[] what = {"", "", "", "", "packet loss", "", "reordering", "duplication"};
    for (int i : new int[] {4, 6, 7}) {
      if (row.length > i && !row[i].matches("0+(\\.0+)?%?")) {
        needs.add(what[i]);
      }
    }
    return needs.isEmpty() ? null : String.join(" and ", needs);
  }
}
