package io.rpcxbench.harness;

import io.rpcxbench.harness.config.LoadOptions;
import io.rpcxbench.harness.config.RunConfig;
import io.rpcxbench.harness.output.PointRecorder;
import io.rpcxbench.harness.protocol.Protocol;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * The harness command's bad usage (exit 2: picocli's one line and a hint): a check's
 * IllegalArgumentException as picocli's {@link ParameterException}, and the checks made before any
 * protocol runs, so that a point that cannot write its files or would replace one fails at once.
 *
 * <pre>{@code
 * UsageChecks usage = new UsageChecks(spec.commandLine());
 * Thresholds t = usage.value(() -> Thresholds.parse(expressions));
 * usage.nothingReplaced(config);
 * }</pre>
 */
final class UsageChecks {
  private final CommandLine cl;

  UsageChecks(CommandLine cl) {
    this.cl = cl;
  }

  /** The value, or bad usage: an IllegalArgumentException's message as picocli's one line. */
  <T> T value(Supplier<T> value) {
    try {
      return value.get();
    } catch (IllegalArgumentException e) {
      throw new ParameterException(cl, e.getMessage());
    }
  }

  /** The check, or bad usage: an IllegalArgumentException's message as picocli's one line. */
  void check(Runnable check) {
    try {
      check.run();
    } catch (IllegalArgumentException e) {
      throw new ParameterException(cl, e.getMessage());
    }
  }

  /** --threads and --requests are required for a point (not for --list-protocols). */
  void loadGiven(LoadOptions load) {
    if (load.threads == null || load.requests == null) {
      throw new ParameterException(cl, "Missing required options: --threads=T and --requests=R");
    }
  }

  /** --out takes each protocol's files ({@link OutWriteProbe}); {@code out} as the user gave it. */
  void outWritable(RunConfig config, Path out) {
    check(
        () ->
            config
                .protocols()
                .forEach(
                    p ->
                        OutWriteProbe.requireWritable(
                            PointRecorder.resultFile(config, p).getParent(), out)));
  }

  /** No protocol's result file or interval log is replaced, unless --force. */
  void nothingReplaced(RunConfig config) {
    for (Protocol p : config.protocols()) {
      Path file = PointRecorder.resultFile(config, p);
      if (Files.exists(file) && !config.output().force()) {
        throw new ParameterException(cl, file + " exists; pass --force to replace it");
      }
      Path hlog = config.forProtocol(p).instruments().hlog();
      if (hlog != null && Files.exists(hlog) && !config.output().force()) {
        throw new ParameterException(cl, hlog + " exists; pass --force to replace it");
      }
    }
  }

  /** --summary-export: not a folder; its folder is made when the summary is written. */
  Path summaryExport(Path file) {
    if (file != null && Files.isDirectory(file)) {
      throw new ParameterException(cl, "--summary-export " + file + ": is a folder, not a file");
    }
    return file;
  }
}
