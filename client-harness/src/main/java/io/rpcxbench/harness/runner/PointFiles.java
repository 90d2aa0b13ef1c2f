package io.rpcxbench.harness.runner;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RawResultFile;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the sweep does to a point's file besides reading it: its state, temps, added keys. */
final class PointFiles {
  private PointFiles() {}

  /** The state of an existing point file; an unreadable one counts as failed. */
  static PointState state(Path file) {
    try {
      return PointResult.read(file).state();
    } catch (IOException e) {
      return PointState.FAILED;
    }
  }

  /** Whether {@code dir} holds a complete point's file (a rerun keeps it). */
  static boolean completeFileIn(Path dir) {
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
  static void removeTemps(Path file) {
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
  static void discardUnfinished(Path file) {
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
  static void addKeys(Path file, Map<String, String> keys) throws IOException {
    RawContents c = RawResultFile.read(file);
    Map<String, String> m = new LinkedHashMap<>(c.provenance());
    m.putAll(keys);
    RawResultFile.write(file, m, c.rows());
  }
}
