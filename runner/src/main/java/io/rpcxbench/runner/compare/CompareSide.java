package io.rpcxbench.runner.compare;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.HarnessPoints;
import io.rpcxbench.runner.point.PointFiles;
import io.rpcxbench.runner.point.PointLauncher;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * One variant of a trial, its server up: the harness arguments that measure it, and where its lines
 * go.
 */
record CompareSide(ComparePlan.Unit unit, Path logFile, List<String> args) {

  /** These arguments, the runs released after the warm-up by {@code release}. */
  CompareSide awaiting(Path release) {
    List<String> a = new ArrayList<>(args);
    new io.rpcxbench.harness.config.FleetMember(List.of(), null, release).addArgs(a);
    return new CompareSide(unit, logFile, a);
  }

  /** {@code side}'s harness JVM, its lines in its log; its exit code. */
  static int run(PointLauncher launcher, CompareSide side) throws InterruptedException {
    Path tryFile = HarnessPoints.request(side.args()).resultFile();
    append(side.logFile(), "==== " + String.join(" ", side.args()));
    List<String> said = new ArrayList<>();
    int code =
        launcher.run(
            side.args(),
            tryFile,
            line -> {
              append(side.logFile(), line);
              synchronized (said) {
                said.add(line);
                if (said.size() > 5) {
                  said.remove(0);
                }
              }
            });
    PointFiles.removeTemps(tryFile);
    if (code == ExitCode.USAGE.code()) {
      throw new IllegalArgumentException(
          "the harness refused its options ("
              + side.unit().variant()
              + "): "
              + String.join(" | ", said));
    }
    return code;
  }

  /** {@code line} added to {@code file} (its log), created when it is not there. */
  static void append(Path file, String line) {
    try {
      Files.writeString(
          file,
          line + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot append to " + file, e);
    }
  }
}
