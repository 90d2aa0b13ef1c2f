package io.rpcxbench.runner.link;

import io.rpcxbench.link.NetworkProfile;
import io.rpcxbench.link.NetworkProfiles;
import io.rpcxbench.raw.PointIdentity;
import io.rpcxbench.runner.point.ServerSite;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code --profile loopback,cross-az,wan} and {@code --link}: the network profiles a sweep or a
 * choose runs across and the way each link is made, checked against the one table of profiles
 * ({@code deploy/network-profiles.tsv}, read by link-shaper's {@link NetworkProfiles} for the lab,
 * the link-shaper and this runner alike). {@code loopback} is the link as it is. With {@code --lab}
 * every other profile is the lab's packet link ({@code deploy/lab.sh up --profile NAME --link
 * auto|netem|packet}, switched by the runner between profiles: LabLinks in the sweep room); with
 * {@code --local} or {@code --host} it is the userspace link-shaper in front of the servers ({@code
 * --link proxy}: TCP terminated at a proxy, no loss, no TCP dynamics), which cannot drop, reorder
 * or duplicate packets: a profile that needs that is refused there, naming the lab.
 *
 * <pre>{@code
 * LinkProfiles.checked("loopback,wan", home, ServerSite.LOCAL, "single", "auto"); // [loopback, wan]
 * LinkProfiles.checked(null, home, ServerSite.LOCAL, "single", "auto");           // [""]: none asked
 * LinkProfiles.link("auto", ServerSite.LAB);                                       // "auto": lab.sh's
 * }</pre>
 */
public final class LinkProfiles {
  /** What a page says of a link made by the proxy, wherever its figures are shown. */
  static final String PROXY_CAVEAT = "TCP terminated at a proxy: no loss, no TCP dynamics";

  private LinkProfiles() {}

  /**
   * {@code --link} against where the servers are: with {@code --lab} the lab's way ({@code auto},
   * {@code netem} or {@code packet}, which lab.sh resolves), elsewhere {@code proxy}.
   *
   * @throws IllegalArgumentException for an unknown way or one this target cannot make
   */
  public static String link(String link, ServerSite where) {
    String l = link == null ? "auto" : link;
    if (!l.matches("auto|netem|packet|proxy")) {
      throw new IllegalArgumentException(
          "--link must be auto, netem, packet or proxy, got '" + l + "'");
    }
    if (where == ServerSite.LAB) {
      if (l.equals("proxy")) {
        throw new IllegalArgumentException(
            "--link proxy with --lab: the proxy is the fallback without namespaces; run it with"
                + " --local --profile NAME ("
                + PROXY_CAVEAT
                + "), or keep --lab with --link auto"
                + " or packet");
      }
      return l;
    }
    if (l.equals("netem") || l.equals("packet")) {
      throw new IllegalArgumentException(
          "--link "
              + l
              + " makes the link between the lab's network namespaces: use --lab (deploy/lab.sh,"
              + " root); without namespaces the link is the proxy (--link proxy)");
    }
    return "proxy";
  }

  /**
   * The profiles of {@code --profile}, in the order given; {@code [""]} when none was given.
   *
   * @throws IllegalArgumentException naming what is wrong (an unknown name, a profile with packet
   *     loss through the proxy, a fleet, a chain)
   */
  public static List<String> checked(
      String list, Path home, ServerSite where, String scenario, String link) {
    if (list == null) {
      return List.of("");
    }
    if (where == ServerSite.FLEET) {
      throw new IllegalArgumentException(
          "--profile with --fleet: the fleet's link is the network between its hosts (shape it"
              + " there); profiles run with --lab (a packet link) or --local/--host (the proxy)");
    }
    if (scenario.equals("chain")) {
      throw new IllegalArgumentException(
          "--profile with --scenario chain: the link sits between the harness and one server; a"
              + " chain's inner links would stay unshaped");
    }
    NetworkProfiles table = profiles(home);
    Set<String> names = new LinkedHashSet<>();
    for (String name : list.split(",", -1)) {
      String n = name.trim();
      NetworkProfile profile = table.named(n);
      String packets = profile.packetsOnly();
      if (packets != null && where != ServerSite.LAB) {
        throw new IllegalArgumentException(
            "--profile "
                + n
                + " needs "
                + packets
                + ", which only a packet link does: run it in the lab (--lab --profile "
                + n
                + ", as root); the proxy carries TCP's bytes ("
                + PROXY_CAVEAT
                + ")");
      }
      if (!names.add(n)) {
        throw new IllegalArgumentException("--profile names " + n + " twice");
      }
    }
    return List.copyOf(names);
  }

  /** The round trip {@code profile} adds in ms (twice its one-way delay, each way's own). */
  public static double addedRttMs(String profile, Path home) {
    return profiles(home).named(profile).addedRttNanos() / 1e6;
  }

  /** Whether {@code profile} is shaped (every named profile but loopback). */
  public static boolean shaped(String profile) {
    return !profile.isEmpty() && !profile.equals(PointIdentity.LOOPBACK);
  }

  private static NetworkProfiles profiles(Path home) {
    try {
      return NetworkProfiles.of(home);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--profile: " + e.getMessage(), e);
    }
  }
}
