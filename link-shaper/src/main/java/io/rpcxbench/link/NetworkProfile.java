package io.rpcxbench.link;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A named link: its two directions (up: host A to host B, the client's requests; down: the replies)
 * and what it stands for. {@link NetworkProfiles} reads the named ones; {@link #settings()} is the
 * typed form the lab reads ({@code link-shaper --show}).
 *
 * <pre>{@code
 * NetworkProfile wan = NetworkProfiles.of(home).named("wan");
 * wan.addedRttNanos();          // 40_000_000
 * wan.settings().get("up_rate"); // "100mbit"
 * }</pre>
 */
public record NetworkProfile(
    String name, LinkDirection up, LinkDirection down, String description) {

  /** The round-trip time the profile adds to the link's own. */
  public long addedRttNanos() {
    return up.delayNanos() + down.delayNanos();
  }

  /**
   * The rate that bounds the link, as tc writes it ({@code 1mbit}): the slower shaped direction's;
   * empty when neither is shaped. What a point records as {@code link_rate}, so that a full link is
   * named as a run's limit.
   */
  public String rateText() {
    long u = up.rateBitsPerSecond();
    long d = down.rateBitsPerSecond();
    long slower = u == 0 ? d : d == 0 ? u : Math.min(u, d);
    return slower == 0 ? "" : LinkUnits.rate(slower);
  }

  /** What only a packet link can give (loss, reordering, duplication), named; null when none. */
  public String packetsOnly() {
    java.util.List<String> needs = new java.util.ArrayList<>();
    if (up.loss() > 0 || down.loss() > 0) {
      needs.add("packet loss");
    }
    if (up.reorder() > 0 || down.reorder() > 0) {
      needs.add("reordering");
    }
    if (up.duplicate() > 0 || down.duplicate() > 0) {
      needs.add("duplication");
    }
    return needs.isEmpty() ? null : String.join(" and ", needs);
  }

  /**
   * The profile as KEY=VALUE pairs, the one form other processes read: {@code profile}, {@code
   * up_delay} ... {@code up_rate}, {@code down_delay} ... {@code down_rate} (tc's units), {@code
   * description}.
   */
  public Map<String, String> settings() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("profile", name);
    Map<String, String> u = up.texts();
    Map<String, String> d = down.texts();
    for (String s : LinkDirection.SETTINGS) {
      m.put("up_" + s, u.get(s));
    }
    for (String s : LinkDirection.SETTINGS) {
      m.put("down_" + s, d.get(s));
    }
    m.put("description", description);
    return m;
  }

  NetworkProfile withUp(LinkDirection d) {
    return new NetworkProfile(name, d, down, description);
  }

  NetworkProfile withDown(LinkDirection d) {
    return new NetworkProfile(name, up, d, description);
  }
}
