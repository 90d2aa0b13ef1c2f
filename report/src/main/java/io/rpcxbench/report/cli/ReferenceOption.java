package io.rpcxbench.report.cli;

import picocli.CommandLine.Option;

/** The shared {@code --reference} option of {@code report} and {@code all}. */
final class ReferenceOption {
  @Option(
      names = "--reference",
      paramLabel = "ID",
      defaultValue = "rpcx",
      description =
          "Protocol id every protocol is compared with in vs-reference.* (default: ${DEFAULT-VALUE}).")
  String id;
}
