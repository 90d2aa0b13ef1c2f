package io.rpcxbench.harness.output;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** Facts baked into the jar at build time (harness-build.properties): versions, commit, dirty. */
public final class BuildInfo {
  private static final Properties PROPERTIES = load();

  private BuildInfo() {}

  /** The value, or "unknown" when the jar was built without it. */
  public static String get(String key) {
    String value = PROPERTIES.getProperty(key, "").trim();
    return value.isEmpty() || value.startsWith("${") ? "unknown" : value;
  }

  private static Properties load() {
    Properties p = new Properties();
    try (InputStream in = BuildInfo.class.getResourceAsStream("/harness-build.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // no build facts: every key reads "unknown"
    }
    return p;
  }
}
