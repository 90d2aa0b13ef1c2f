package io.rpcxbench.link;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The named profiles of deploy/network-profiles.tsv, the table the lab reads too. */
final class NetworkProfiles {
  private static final String TABLE = "network-profiles.tsv";
  private final Map<String, NetworkProfile> byName;

  private NetworkProfiles(Map<String, NetworkProfile> byName) {
    this.byName = byName;
  }

  /** The table packed in this jar (a copy of deploy/network-profiles.tsv made by the build). */
  static NetworkProfiles packed() {
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

  NetworkProfile named(String name) {
    NetworkProfile p = byName.get(name);
    if (p == null) {
      throw new IllegalArgumentException(
          "unknown --profile '" + name + "' (known: " + String.join(", ", byName.keySet()) + ")");
    }
    return p;
  }

  List<NetworkProfile> all() {
    return new ArrayList<>(byName.values());
  }
}
