package io.rpcxbench.runner.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * What the side-by-side tables of {@code compare --variants} are checked against and where they go:
 * {@code --targets}, {@code --write-doc}, {@code --doc}.
 */
final class CompareDocOptions {
  @Option(
      names = "--targets",
      paramLabel = "FILE",
      description =
          "Also check these goals (bench/compare-targets.tsv: the project's own); none: no"
              + " targets, not even with --write-doc.")
  Path targets;

  @Option(
      names = "--write-doc",
      description =
          "Replace the compare section of docs/performance.md (with the project's targets).")
  boolean writeDoc;

  @Option(
      names = "--doc",
      paramLabel = "FILE",
      description = "The document --write-doc writes (default docs/performance.md).")
  Path doc;

  /**
   * Refuses these with two builds, whose result is report diff's.
   *
   * @throws IllegalArgumentException naming the option
   */
  void requireNoneForBuilds() {
    if (writeDoc || targets != null) {
      throw new IllegalArgumentException(
          (writeDoc ? "--write-doc" : "--targets")
              + ": the side-by-side tables of --variants; with --base-jar/--new-jar the result is"
              + " report diff's (diff.md)");
    }
  }

  /** The goals file (absolute), {@code home}'s with --write-doc; null: none. */
  Path goals(Path home) {
    Path goals = targets;
    if (goals == null && writeDoc) {
      goals = home.resolve("bench/compare-targets.tsv");
    } else if (goals != null && goals.toString().equals("none")) {
      goals = null;
    }
    if (goals != null && !Files.isRegularFile(goals)) {
      throw new IllegalArgumentException("--targets: no file " + goals);
    }
    return goals == null ? null : goals.toAbsolutePath();
  }

  /** The document --write-doc writes. */
  Path doc(Path home) {
    return doc != null ? doc : home.resolve("docs/performance.md");
  }
}
