package io.rpcxbench.report.cli;

import picocli.CommandLine.Option;

/** The shared {@code --merge-duplicates} option of {@code ingest} and {@code all}. */
public final class MergeOption {
  @Option(
      names = "--merge-duplicates",
      description =
          "Store a second file of a point already measured (same protocol, threads, requests, "
              + "requests_per, call, client host and link rate) and average their runs together. "
              + "Without it such a file is an error naming both files, and is skipped.")
  public boolean merge;
}
