package io.rpcxbench.report.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The shared {@code --out} option. */
final class OutOption {
  @Option(
      names = "--out",
      converter = ReportOutConverter.class,
      paramLabel = "DIR",
      defaultValue = "results/report",
      description = "Report folder (default: ${DEFAULT-VALUE}).")
  Path dir;
}
