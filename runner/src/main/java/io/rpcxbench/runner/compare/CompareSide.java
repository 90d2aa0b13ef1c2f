package io.rpcxbench.runner.compare;

import io.rpcxbench.api.ExitCode;
import io.rpcxbench.harness.PointBuilder;
import io.rpcxbench.harness.PointRequest;
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
record CompareSide(ComparePlan.Unit unit, Path logFile, PointBuilder point) {

  /** This point, the runs released after the warm-up by {@code release}. */
  CompareSide awaiting(Path release) {
    return new CompareSide(unit, logFile, point.copy().awaitRelease(release));
  }

  /** {@code side}'s harness JVM, its lines in its log; its exit code. */
  static int run(PointLauncher launcher, CompareSide side) throws InterruptedException {
    PointRequest request = side.point().request();
    Path tryFile = request.resultFile();
    append(side.logFile(), "==== " + String.join(" ", request.args()));
    List<String> said = new ArrayList<>();
    int code =
        launcher.run(
            request.args(),
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
