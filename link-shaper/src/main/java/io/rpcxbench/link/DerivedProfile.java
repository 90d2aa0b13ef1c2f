package io.rpcxbench.link;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A profile made from a named one by changing some of its settings, written as its name: {@code
 * BASE+SETTING=VALUE+...}, e.g. {@code lan+rtt=10ms+loss=1%}. The settings are the table's columns
 * ({@code delay}, {@code jitter}, {@code loss}, {@code rate}, ...; each applied to both directions)
 * and {@code rtt}, the round trip the link adds (each way's delay half of it). Such a name stands
 * wherever a profile's name does (choose's {@code --across} grid, {@code --profile}, the lab's
 * {@code up --profile}, the link-shaper's), and is a folder name as it is.
 *
 * <pre>{@code
 * DerivedProfile.name("lan", Map.of("rtt", "10ms"));                     // "lan+rtt=10ms"
 * NetworkProfiles.of(home).named("lan+rtt=10ms").addedRttNanos();       // 10_000_000
 * }</pre>
 */
public final class DerivedProfile {
  /** Between the base's name and each changed setting. */
  public static final String JOIN = "+";

  /** The settings a derived name may change, {@code rtt} first. */
  public static final List<String> SETTINGS = settings();

  private DerivedProfile() {}

  /** Whether {@code name} is a derived profile's. */
  public static boolean derived(String name) {
    return name.contains(JOIN);
  }

  /** The name of {@code base} with {@code changes} (setting to tc-unit value), in their order. */
  public static String name(String base, Map<String, String> changes) {
    StringBuilder s = new StringBuilder(base);
    changes.forEach((k, v) -> s.append(JOIN).append(k).append('=').append(v));
    return s.toString();
  }

  /**
   * The profile {@code name} names, its base taken from {@code table}.
   *
   * @throws IllegalArgumentException naming the setting or value that is wrong
   */
  static NetworkProfile of(String name, Map<String, NetworkProfile> table) {
    String[] parts = name.split("\\" + JOIN, -1);
    NetworkProfile base = table.get(parts[0]);
    if (base == null) {
      throw new IllegalArgumentException(
          "unknown base profile '"
              + parts[0]
              + "' in '"
              + name
              + "' (known: "
              + String.join(", ", table.keySet())
              + ")");
    }
    Map<String, String> changes = new LinkedHashMap<>();
    for (int i = 1; i < parts.length; i++) {
      int eq = parts[i].indexOf('=');
      String key = eq < 0 ? parts[i] : parts[i].substring(0, eq);
      if (eq <= 0 || !SETTINGS.contains(key) || changes.containsKey(key)) {
        throw new IllegalArgumentException(
            "'"
                + parts[i]
                + "' in profile '"
                + name
                + "': expected SETTING=VALUE once each, SETTING one of "
                + String.join(", ", SETTINGS));
      }
      changes.put(key, parts[i].substring(eq + 1));
    }
    LinkDirection up = base.up();
    LinkDirection down = base.down();
    for (Map.Entry<String, String> c : changes.entrySet()) {
      String setting = c.getKey();
      String value = c.getValue();
      if (setting.equals("rtt")) {
        String half = LinkUnits.duration(LinkUnits.nanos("rtt", value) / 2);
        up = up.with("delay", half);
        down = down.with("delay", half);
      } else {
        up = up.with(setting, value);
        down = down.with(setting, value);
      }
    }
    if (up.jitterNanos() > 0 && up.distribution().equals("-")) {
      up = up.with("distribution", "normal");
      down = down.with("distribution", "normal");
    }
    List<String> said = new ArrayList<>();
    changes.forEach((k, v) -> said.add(k + " " + v));
    return new NetworkProfile(
        name, up, down, base.name() + " with " + String.join(", ", said) + " (derived)");
  }

  private static List<String> settings() {
    List<String> s = new ArrayList<>(List.of("rtt"));
    s.addAll(List.of(LinkDirection.SETTINGS));
    return List.copyOf(s);
  }
}
