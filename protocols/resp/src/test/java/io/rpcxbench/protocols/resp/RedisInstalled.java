package io.rpcxbench.protocols.resp;

import org.junit.jupiter.api.Assumptions;

/** Tests that need a real redis-server skip, with the reason printed, where none is installed. */
final class RedisInstalled {
  private RedisInstalled() {}

  static boolean installed() {
    return RedisServerChild.find(RedisServerChild.EXECUTABLE, System.getenv("PATH")).isPresent();
  }

  /** Skips the calling test (or class, from a {@code @BeforeAll}) without redis-server. */
  static void assume() {
    if (!installed()) {
      String reason =
          "SKIPPED: redis-server is not on the PATH (Debian: apt-get install redis-server;"
              + " CI installs protocols/resp/apt-packages.txt)";
      System.out.println(reason);
      Assumptions.assumeTrue(false, reason);
    }
  }
}
