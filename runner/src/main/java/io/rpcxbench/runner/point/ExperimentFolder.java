package io.rpcxbench.runner.point;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * The default folder of one experiment: {@code results/<UTC time>-<command>/} (e.g. {@code
 * results/20261123T231500Z-sweep/}), holding its raw files, database and report together, so two
 * runs of {@code sweep}, {@code choose} or {@code compare} without {@code --out} never mix. {@code
 * --out} names a folder to share (or to resume).
 *
 * <pre>{@code
 * Path dir = ExperimentFolder.fresh(Path.of("results"), "sweep", Clock.systemUTC());
 * }</pre>
 */
public final class ExperimentFolder {
  static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

  private ExperimentFolder() {}

  /** A new experiment's folder under {@code results/} of the current folder. */
  public static Path fresh(String command) {
    return fresh(Path.of("results"), command, Clock.systemUTC());
  }

  /**
   * {@code results/<time>-<command>}, not yet existing: a second experiment started in the same
   * second gets {@code -2}, {@code -3}, ... (nothing is created here: a dry run leaves no folder).
   */
  public static Path fresh(Path results, String command, Clock clock) {
    String name = STAMP.format(ZonedDateTime.now(clock)) + "-" + command;
    Path dir = results.resolve(name);
    for (int i = 2; Files.exists(dir); i++) {
      dir = results.resolve(name + "-" + i);
    }
    return dir;
  }
}
