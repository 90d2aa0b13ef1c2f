package io.rpcxbench.runner.compare;

import io.rpcxbench.raw.AtomicText;
import io.rpcxbench.raw.RawFolder;
import io.rpcxbench.runner.point.MachineCalibration;
import io.rpcxbench.stats.Calibration;
import io.rpcxbench.stats.Threshold;
import io.rpcxbench.verdict.diff.DiffVerdict;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code compare BASE NEW}: two result folders judged in this JVM ({@link DiffVerdict}, the
 * report's diff), with this machine's calibration when the arguments name none (two folders
 * recorded apart are tested with the spread between invocations).
 */
final class FolderDiff {
  private FolderDiff() {}

  /** What the folder form takes: the folders, the gates, the JSON, the matching, a calibration. */
  static final class Args {
    @Parameters List<Path> folders = new ArrayList<>();

    @Option(names = "--threshold")
    List<String> thresholds = new ArrayList<>();

    @Option(names = "--json")
    Path json;

    @Option(names = "--across-profiles")
    boolean acrossProfiles;

    @Option(names = "--calibration")
    Path calibration;
  }

  /**
   * The verdict's exit code: 0, 98 a gate undecided, 99 a gate failed, 1 nothing compared.
   *
   * @throws IllegalArgumentException for fewer than two folders, one that is not a folder of raw
   *     files, an option the folder form does not take, a threshold or calibration it cannot read:
   *     bad usage, before any folder is judged
   */
  static int run(List<String> args, PrintWriter out, PrintWriter err) throws IOException {
    Args a = new Args();
    try {
      new CommandLine(a).parseArgs(args.toArray(String[]::new));
    } catch (CommandLine.ParameterException e) {
      throw new IllegalArgumentException(e.getMessage() + " (with two result folders BASE NEW)");
    }
    if (a.folders.size() != 2) {
      throw new IllegalArgumentException(
          "give two result folders (BASE NEW) to diff, or --variants to run the comparison");
    }
    for (Path folder : a.folders) {
      if (!Files.isDirectory(folder)) {
        throw new IllegalArgumentException(
            folder
                + (Files.exists(folder) ? " is not a folder" : " does not exist")
                + ": give two result folders (BASE NEW)");
      }
      if (RawFolder.first(folder).isEmpty()) {
        throw new IllegalArgumentException(
            folder + " holds no raw file (*.csv): give two result folders (BASE NEW)");
      }
    }
    List<Threshold> gates =
        a.thresholds.stream().map(t -> Threshold.parse(t, Threshold.DIFF)).toList();
    DiffVerdict v =
        DiffVerdict.of(
            new DiffVerdict.Request(
                a.folders.get(0),
                a.folders.get(1),
                a.acrossProfiles,
                gates,
                calibration(a.calibration),
                null));
    if (a.json != null) {
      AtomicText.write(a.json, v.report().json());
    }
    v.print(out, err, a.json == null ? "" : a.json.toString());
    return v.exitCode().code();
  }

  /** The calibration named, or this machine's when it has one; null without. */
  private static Calibration calibration(Path named) throws IOException {
    return named == null
        ? MachineCalibration.here().cached().orElse(null)
        : DiffVerdict.calibration(named);
  }
}
