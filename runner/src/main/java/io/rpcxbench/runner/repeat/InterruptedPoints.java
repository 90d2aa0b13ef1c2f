package io.rpcxbench.runner.repeat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * After a stop, the points the stop interrupted, if the measured commit's runner kept them. Runners
 * before c395047 could keep such a point as {@code incomplete} (its harness ended on the signal
 * before the runner's discard), and the resume would skip it: the file goes, and the resume runs
 * the point again. Read from the newest sweep log of each sweep folder only (an older log's points
 * may since have been run again).
 *
 * <pre>{@code
 * List<String> removed = InterruptedPoints.discard(Path.of("out/rep-1/b-1mbit-thread"));
 * }</pre>
 */
final class InterruptedPoints {
  /**
   * A sweep log's line of a point its stop ended: {@code 05:00:11 [12/33] rpcx t310 r100:
   * incomplete (exit 130, ...}.
   */
  private static final Pattern STOPPED =
      Pattern.compile(
          "^[0-9:]+ \\[[0-9]+/[0-9]+\\] ([a-z0-9-]+) (t[0-9]+) (r[0-9]+): incomplete \\(exit 130,",
          Pattern.MULTILINE);

  private InterruptedPoints() {}

  /** Removes, under {@code dir}, the interrupted points kept as incomplete; one line for each. */
  static List<String> discard(Path dir) throws IOException {
    List<String> lines = new ArrayList<>();
    for (Path log : newestLogs(dir)) {
      Matcher m = STOPPED.matcher(Files.readString(log));
      while (m.find()) {
        Path file =
            log.getParent().resolve(m.group(1)).resolve(m.group(2) + "-" + m.group(3) + ".csv");
        if (Files.isRegularFile(file) && incomplete(file)) {
          Files.delete(file);
          lines.add(
              "removed "
                  + file
                  + ": interrupted by the stop, kept as incomplete by the runner; the resume runs"
                  + " it again");
        }
      }
    }
    return lines;
  }

  /** The newest {@code sweep-*.log} of each folder under {@code dir} that has one. */
  private static List<Path> newestLogs(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    TreeSet<Path> logs = new TreeSet<>();
    try (Stream<Path> files = Files.walk(dir)) {
      files.filter(f -> f.getFileName().toString().matches("sweep-.*\\.log")).forEach(logs::add);
    }
    List<Path> newest = new ArrayList<>();
    for (Path log : logs.descendingSet()) {
      if (newest.stream().noneMatch(n -> n.getParent().equals(log.getParent()))) {
        newest.add(log);
      }
    }
    return newest;
  }

  private static boolean incomplete(Path file) throws IOException {
    try (Stream<String> lines = Files.lines(file)) {
      return lines.limit(10).anyMatch(l -> l.equals("# status: incomplete"));
    }
  }
}
