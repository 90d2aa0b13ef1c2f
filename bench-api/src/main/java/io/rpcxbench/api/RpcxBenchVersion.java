package io.rpcxbench.api;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The one version string of rpcx-bench, printed by every jar's {@code --version} (the harness, the
 * report, every server): the project's version and the commit it was built from, baked into this
 * jar at build time.
 *
 * <pre>{@code
 * RpcxBenchVersion.line();   // "rpcx-bench 0.1.0-SNAPSHOT (commit e6df08a)"
 * }</pre>
 */
public final class RpcxBenchVersion {
  private static final Properties BAKED = load();

  private RpcxBenchVersion() {}

  /** {@code "rpcx-bench VERSION (commit COMMIT)"}. */
  public static String line() {
    return "rpcx-bench " + version() + " (commit " + commit() + ")";
  }

  /** The project's version, e.g. {@code 0.1.0-SNAPSHOT}. */
  public static String version() {
    return baked("version");
  }

  /**
   * The commit the jar was built from, with {@code -dirty} when the tree had uncommitted changes to
   * tracked files; "unknown" when built without git (a source tarball).
   */
  public static String commit() {
    String commit = baked("commit");
    return !commit.equals("unknown") && baked("dirty").equals("true") ? commit + "-dirty" : commit;
  }

  private static String baked(String key) {
    String value = BAKED.getProperty(key, "").trim();
    return value.isEmpty() || value.startsWith("${") ? "unknown" : value;
  }

  private static Properties load() {
    Properties p = new Properties();
    try (InputStream in =
        RpcxBenchVersion.class.getResourceAsStream("/META-INF/rpcx-bench/version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // nothing baked: every value reads "unknown"
    }
    return p;
  }
}
