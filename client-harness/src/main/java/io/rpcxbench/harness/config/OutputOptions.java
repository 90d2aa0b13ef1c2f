package io.rpcxbench.harness.config;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** Where the result files go and what the caller adds to them. */
public final class OutputOptions {
  @Option(
      names = "--out",
      converter = OutFolderConverter.class,
      paramLabel = "DIR",
      defaultValue = Output.DEFAULT_OUT,
      description = "Result folder: DIR/<protocol>/t<T>-r<R>.csv (default: ${DEFAULT-VALUE}).")
  public Path out;

  @Option(names = "--force", description = "Replace existing result files.")
  boolean force;

  @Option(
      names = "--provenance",
      paramLabel = "KEY=VALUE",
      description =
          "A fact the caller knows, written into every result file as '# KEY: VALUE', e.g."
              + " server_jvm_flags=\"-Xmx384m\" (repeatable; sweep.sh records the servers' flags"
              + " and the lab's link with it).")
  Map<String, String> provenance = new LinkedHashMap<>();

  public Output output() {
    return new Output(out, force, provenance);
  }
}
