package io.rpcxbench.link;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The link-shaper's ready line, one per route, and its one reader: {@code link-shaper ready}
 * followed by KEY=VALUE words ({@code listen}, {@code to}, {@code profile}, {@code seed}, and the
 * profile's settings each way as {@link NetworkProfile#settings()} names them, without the
 * description). Whoever starts a shaper waits for this line and reads the port from it.
 *
 * <pre>{@code
 * link-shaper ready listen=127.0.0.1:40213 to=127.0.0.1:8081 profile=wan seed=7 up_delay=20ms ...
 * ShaperReady.parse(line).get().listenPort(); // 40213
 * }</pre>
 *
 * @param fields every KEY=VALUE of the line, in order
 */
public record ShaperReady(Map<String, String> fields) {
  static final String PREFIX = "link-shaper ready ";

  public ShaperReady {
    fields = Map.copyOf(fields);
    for (String key : new String[] {"listen", "to", "profile", "seed"}) {
      if (!fields.containsKey(key)) {
        throw new IllegalArgumentException("a link-shaper ready line without " + key);
      }
    }
  }

  /** The line for a route of {@code profile} ({@code modified}: flags changed the profile). */
  static String line(
      String listen, String to, NetworkProfile profile, boolean modified, long seed) {
    StringBuilder out = new StringBuilder(PREFIX);
    out.append("listen=").append(listen).append(" to=").append(to);
    out.append(" profile=").append(profile.name()).append(" modified=").append(modified);
    out.append(" seed=").append(seed);
    profile.settings().entrySet().stream()
        .filter(e -> e.getKey().startsWith("up_") || e.getKey().startsWith("down_"))
        .forEach(e -> out.append(' ').append(e.getKey()).append('=').append(e.getValue()));
    return out.toString();
  }

  /** The ready line of {@code text}'s line, or empty when it is another line. */
  public static Optional<ShaperReady> parse(String line) {
    if (!line.startsWith(PREFIX)) {
      return Optional.empty();
    }
    Map<String, String> m = new LinkedHashMap<>();
    for (String word : line.substring(PREFIX.length()).trim().split(" +")) {
      int eq = word.indexOf('=');
      if (eq < 1) {
        throw new IllegalArgumentException(
            "a link-shaper ready line's word is not KEY=VALUE: " + word);
      }
      m.put(word.substring(0, eq), word.substring(eq + 1));
    }
    return Optional.of(new ShaperReady(m));
  }

  /** The port the route listens on. */
  public int listenPort() {
    return port(fields.get("listen"));
  }

  /** The server port the route carries connections to. */
  public int targetPort() {
    return port(fields.get("to"));
  }

  /** "up delay=20ms ... rate=100mbit; down delay=...": each way's settings, for a result file. */
  public String describe() {
    StringBuilder up = new StringBuilder("up");
    StringBuilder down = new StringBuilder("; down");
    for (String s : LinkDirection.SETTINGS) {
      up.append(' ').append(s).append('=').append(fields.get("up_" + s));
      down.append(' ').append(s).append('=').append(fields.get("down_" + s));
    }
    return "profile "
        + fields.get("profile")
        + ("true".equals(fields.get("modified")) ? " (modified)" : "")
        + "; "
        + up
        + down
        + "; seed "
        + fields.get("seed");
  }

  private static int port(String hostPort) {
    return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
  }
}
