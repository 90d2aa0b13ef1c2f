package io.rpcxbench.link;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one reader of {@code deploy/network-profiles.tsv}: the link-shaper, the harness's runner
 * ({@code --profile}) and the lab ({@code deploy/lab.sh} asks {@code link-shaper --show}) all take
 * their profiles from here.
 *
 * <pre>{@code
 * NetworkProfiles.of(home).named("cross-az").addedRttNanos(); // 1_000_000
 * }</pre>
 */
public final class NetworkProfiles {
  /** Where the table lives in a checkout. */
  public static final String CHECKOUT_TABLE = "deploy/network-profiles.tsv";

  private static final String TABLE = "network-profiles.tsv";
  private final Map<String, NetworkProfile> byName;

  private NetworkProfiles(Map<String, NetworkProfile> byName) {
    this.byName = byName;
  }

  /**
   * The checkout's table under {@code home} when there is one (a user's edit counts at once), else
   * the copy packed into this jar at build time.
   *
   * @throws IllegalArgumentException when the checkout's table cannot be read or parsed
   */
  public static NetworkProfiles of(Path home) {
    Path file = home.resolve(CHECKOUT_TABLE);
    return Files.isRegularFile(file) ? read(file) : packed();
  }

  /**
   * The table in {@code file}.
   *
   * @throws IllegalArgumentException when it cannot be read or parsed
   */
  public static NetworkProfiles read(Path file) {
    try {
      return parse(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read the network profiles, " + file + ": " + e.getMessage(), e);
    }
  }

  /** The table packed in this jar (a copy of deploy/network-profiles.tsv made by the build). */
  public static NetworkProfiles packed() {
    try (InputStream in = NetworkProfiles.class.getResourceAsStream(TABLE)) {
      if (in == null) {
        throw new IllegalStateException(TABLE + " is not in the jar: rebuild link-shaper");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static NetworkProfiles parse(String table) {
    Map<String, NetworkProfile> profiles = new LinkedHashMap<>();
    try (BufferedReader lines = new BufferedReader(new java.io.StringReader(table))) {
      String line;
      int number = 0;
      while ((line = lines.readLine()) != null) {
        number++;
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] f = line.split("\t", -1);
        if (f.length != LinkDirection.SETTINGS.length + 2) {
          throw new IllegalArgumentException(
              TABLE
                  + " line "
                  + number
                  + ": "
                  + f.length
                  + " columns, expected "
                  + (LinkDirection.SETTINGS.length + 2));
        }
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < LinkDirection.SETTINGS.length; i++) {
          values.put(LinkDirection.SETTINGS[i], f[i + 1]);
        }
        LinkDirection d = LinkDirection.of(values);
        profiles.put(f[0], new NetworkProfile(f[0], d, d, f[f.length - 1]));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new NetworkProfiles(profiles);
  }

  /**
   * The profile called {@code name}: a row of the table, or one derived from a row ({@link
   * DerivedProfile}: {@code lan+rtt=10ms+loss=1%}).
   *
   * @throws IllegalArgumentException naming the known profiles
   */
  public NetworkProfile named(String name) {
    if (DerivedProfile.derived(name)) {
      return DerivedProfile.of(name, byName);
    }
    NetworkProfile p = byName.get(name);
    if (p == null) {
      throw new IllegalArgumentException(
          "unknown --profile '" + name + "' (known: " + String.join(", ", byName.keySet()) + ")");
    }
    return p;
  }

  public List<NetworkProfile> all() {
    return new ArrayList<>(byName.values());
  }
}
