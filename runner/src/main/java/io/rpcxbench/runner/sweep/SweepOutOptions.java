package io.rpcxbench.runner.sweep;

import io.rpcxbench.harness.config.OutFolderConverter;
import io.rpcxbench.runner.point.ExperimentFolder;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where a sweep writes: {@code --out}, or when it is left out a new experiment's {@code
 * results/<time>-sweep/raw} (chosen once, so two sweeps never mix); what a defaulted folder adds to
 * the resume command, and how to report the experiment.
 */
final class SweepOutOptions {
  @Option(
      names = "--out",
      converter = OutFolderConverter.class,
      paramLabel = "DIR",
      description =
          "Raw results folder; the log goes there too (default: a new experiment's"
              + " results/<UTC time>-sweep/raw, so two sweeps never mix; give --out to share a"
              + " folder or to resume).")
  Path out;

  /** Whether --out was left to its default: this sweep's own experiment folder. */
  private boolean defaulted;

  /** --out, or (computed once) a new experiment's {@code results/<time>-sweep/raw}. */
  Path rawFolder() {
    if (out == null) {
      out = ExperimentFolder.fresh("sweep").resolve("raw");
      defaulted = true;
    }
    return out;
  }

  /** Whether --out was left to its default (known once {@link #rawFolder} was asked). */
  boolean defaulted() {
    return defaulted;
  }

  /**
   * The resume command names the folder a defaulted --out chose (a rerun without it would start a
   * new experiment), before any "--" (what follows goes to the harness).
   */
  String withOut(String resume) {
    if (!defaulted) {
      return resume;
    }
    String option = " --out " + out;
    int dashes = resume.indexOf(" -- ");
    return dashes < 0
        ? resume + option
        : resume.substring(0, dashes) + option + resume.substring(dashes);
  }

  /**
   * How to report a sweep's experiment folder into that folder: its database and report beside its
   * raw files, never the shared results/results.db.
   */
  static String reportLine(Path raw) {
    Path experiment = raw.getParent() == null ? Path.of(".") : raw.getParent();
    return "report this experiment: java -jar report/target/report.jar all --db jdbc:sqlite:"
        + experiment.resolve("results.db")
        + " --out "
        + experiment.resolve("report")
        + " "
        + raw;
  }
}
