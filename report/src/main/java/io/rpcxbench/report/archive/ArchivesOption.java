package io.rpcxbench.report.archive;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --archives DIR}: where the measurement archives lie (the repository's measurements/). */
final class ArchivesOption {
  @Option(
      names = "--archives",
      paramLabel = "DIR",
      defaultValue = "measurements",
      description = "The archives' folder (default: ${DEFAULT-VALUE}, from the repository root).")
  Path folder;
}
