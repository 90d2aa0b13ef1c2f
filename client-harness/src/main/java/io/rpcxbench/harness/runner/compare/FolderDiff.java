package io.rpcxbench.harness.runner.compare;

import io.rpcxbench.harness.runner.point.Install;
import io.rpcxbench.harness.runner.point.MachineCalibration;
import io.rpcxbench.raw.RawFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code compare BASE NEW}: the report's diff of two result folders, given the command's arguments
 * as they were, and this machine's calibration when they name none (two folders recorded apart are
 * tested with the spread between invocations).
 */
final class FolderDiff {
  private FolderDiff() {}

  /**
   * The report's exit code.
   *
   * @throws IllegalArgumentException for fewer than two folders, one that is not a folder of raw
   *     files, or no report jar: bad usage, before the report's JVM starts
   */
  static int run(List<String> folders, List<String> args, Install install)
      throws IOException, InterruptedException {
    if (folders.size() < 2) {
      throw new IllegalArgumentException(
          "give two result folders (BASE NEW) to diff, or --variants to run the comparison");
    }
    for (String folder : folders.subList(0, 2)) {
      if (!Files.isDirectory(Path.of(folder))) {
        throw new IllegalArgumentException(
            folder
                + (Files.exists(Path.of(folder)) ? " is not a folder" : " does not exist")
                + ": give two result folders (BASE NEW)");
      }
      if (RawFolder.first(Path.of(folder)).isEmpty()) {
        throw new IllegalArgumentException(
            folder + " holds no raw file (*.csv): give two result folders (BASE NEW)");
      }
    }
    Path jar = install.reportJar();
    if (!Files.isRegularFile(jar)) {
      throw new IllegalArgumentException(
          jar + " not found; build it: mvn -B -q -pl report -am package -DskipTests");
    }
    List<String> command = new ArrayList<>(List.of(install.java(), "-jar", jar.toString(), "diff"));
    command.addAll(args);
    if (!command.contains("--calibration")) {
      MachineCalibration here = MachineCalibration.here();
      if (here.cached().isPresent()) {
        command.addAll(List.of("--calibration", here.file().toString()));
      }
    }
    return new ProcessBuilder(command).inheritIO().start().waitFor();
  }
}
