package io.rpcxbench.runner.point;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the sweep does to a point's file besides reading it: its state, temps, added keys. */
public final class PointFiles {
  private PointFiles() {}

  /** The state of an existing point file; an unreadable one counts as failed. */
  public static PointState state(Path file) {
    try {
      return PointResult.read(file).state();
    } catch (IOException e) {
      return PointState.FAILED;
    }
  }

  /**
   * Why an existing point file cannot be a point's result, or null when it can: unreadable bytes,
   * no usable head (random bytes, a file cut in its header), or status complete with fewer rows
   * than its runs (a "complete" file with only a header). Such a file is no failed point: the
   * resume sets it aside ({@link #setAside}) and runs the point again.
   */
  public static String unreadable(Path file) {
    RawContents c;
    try {
      c = RawResultFile.read(file);
    } catch (IOException e) {
      return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
    if (!c.usable()) {
      return c.problems().isEmpty() ? "not a raw result file" : c.problems().get(0);
    }
    String status = c.provenance("status").orElse("");
    int runs = c.provenance("runs").map(PointFiles::count).orElse(-1);
    if (status.equals("complete") && (c.rows().isEmpty() || c.rows().size() < runs)) {
      return "status complete with " + c.rows().size() + " of " + Math.max(runs, 1) + " runs";
    }
    return null;
  }

  private static int count(String text) {
    try {
      return Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * Moves {@code file} aside, beside it, as {@code NAME.unreadable-<UTC time>} (kept, never
   * deleted; not a {@code .csv}, so no reader takes it for a point); returns where it went.
   */
  public static Path setAside(Path file) throws IOException {
    String stamp =
        java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .format(java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC));
    Path aside = file.resolveSibling(file.getFileName() + ".unreadable-" + stamp);
    for (int i = 2; Files.exists(aside); i++) {
      aside = file.resolveSibling(file.getFileName() + ".unreadable-" + stamp + "-" + i);
    }
    return Files.move(file, aside);
  }

  /** Whether {@code dir} holds a complete point's file (a rerun keeps it). */
  public static boolean completeFileIn(Path dir) {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.csv")) {
      for (Path f : files) {
        if (state(f) == PointState.COMPLETE) {
          return true;
        }
      }
    } catch (IOException e) {
      return false;
    }
    return false;
  }

  /** Temp files the harness's writer leaves when stopped: .NAME.*.tmp beside the file. */
  public static void removeTemps(Path file) {
    Path dir = file.toAbsolutePath().getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      return;
    }
    try (DirectoryStream<Path> temps =
        Files.newDirectoryStream(dir, "." + file.getFileName() + ".*")) {
      for (Path t : temps) {
        Files.deleteIfExists(t);
      }
    } catch (IOException e) {
      // best effort
    }
  }

  /**
   * A point stopped from outside (Ctrl-C, a killed sweep) is run again by the resume: the file its
   * harness wrote on the way out (status incomplete) goes, and its temps.
   */
  public static void discardUnfinished(Path file) {
    removeTemps(file);
    try {
      if (Files.exists(file) && state(file) != PointState.COMPLETE) {
        Files.delete(file);
      }
    } catch (IOException e) {
      // the resume finds it and its status
    }
  }

  /** Adds keys to a written point's provenance (raw-format's reader and writer, atomic). */
  public static void addKeys(Path file, Map<String, String> keys) throws IOException {
    RawContents c = RawResultFile.read(file);
    Map<String, String> m = new LinkedHashMap<>(c.provenance());
    m.putAll(keys);
    RawResultFile.write(file, m, c.rows());
  }
}
