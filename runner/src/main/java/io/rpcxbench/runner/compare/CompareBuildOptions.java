package io.rpcxbench.runner.compare;

import io.rpcxbench.harness.HarnessPoints;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The two builds of one protocol's server that {@code compare} tests against each other: {@code
 * --base-jar}, {@code --new-jar} and each side's own server arguments.
 */
final class CompareBuildOptions {
  @Option(
      names = "--base-jar",
      paramLabel = "OLD.jar",
      description =
          "The server build compared against (with --new-jar): e.g. server-rpcx.jar of the last"
              + " release.")
  Path baseJar;

  @Option(
      names = "--new-jar",
      paramLabel = "NEW.jar",
      description = "The server build compared (with --base-jar), of the same protocol.")
  Path newJar;

  @Option(
      names = "--base-server-args",
      paramLabel = "ARGS",
      description =
          "With --base-jar: arguments its server gets besides the catalog's, space-separated.")
  String baseServerArgs;

  @Option(
      names = "--new-server-args",
      paramLabel = "ARGS",
      description =
          "With --new-jar: arguments its server gets besides the catalog's, space-separated, e.g."
              + " '--work 7us --work-kind cpu': a server flag compared; one jar on both sides is"
              + " then allowed (with --work on both sides, a difference known in advance).")
  String newServerArgs;

  /** Whether a build is named: the comparison is of two builds, not of protocols. */
  boolean given() {
    return baseJar != null || newJar != null;
  }

  /**
   * The two builds of {@code protocol} (null: the jars' names say it), checked before any work;
   * null without them.
   *
   * @throws IllegalArgumentException for one jar without the other, a server argument without its
   *     jar, or builds of no known protocol
   */
  JarPair pair(String protocol) throws IOException {
    if (!given()) {
      if (baseServerArgs != null || newServerArgs != null) {
        throw new IllegalArgumentException(
            (baseServerArgs != null ? "--base-server-args" : "--new-server-args")
                + ": the arguments of one side's server, with --base-jar and --new-jar");
      }
      return null;
    }
    return JarPair.of(
        baseJar,
        newJar,
        protocol,
        HarnessPoints.catalog(),
        serverArgs(baseServerArgs),
        serverArgs(newServerArgs));
  }

  private static List<String> serverArgs(String text) {
    return text == null || text.isBlank() ? List.of() : List.of(text.trim().split("\\s+"));
  }
}
