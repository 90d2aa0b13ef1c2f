package io.rpcxbench.harness;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * --out must take the files before the first call: a probe file with a few KB is written and
 * removed in the protocol's folder, or in its nearest existing parent (nothing is created: a point
 * that fails later leaves no folder behind). So a file given as --out, a read-only folder or a full
 * disk fail before the point, not after every call was made.
 */
final class OutWriteProbe {
  /** About one result file of 10 runs: the probe fails on a disk that could not take one. */
  private static final int WRITE_PROBE_BYTES = 16 * 1024;

  private OutWriteProbe() {}

  /** Throws IllegalArgumentException naming {@code out} (as given) when it cannot take files. */
  static void requireWritable(Path protocolDir, Object out) {
    Path dir = protocolDir.toAbsolutePath();
    while (!Files.exists(dir) && dir.getParent() != null) {
      dir = dir.getParent();
    }
    try {
      if (!Files.isDirectory(dir)) {
        throw new FileAlreadyExistsException(dir.toString());
      }
      Path probe = Files.createTempFile(dir, ".write-probe-", ".tmp");
      try {
        Files.write(probe, new byte[WRITE_PROBE_BYTES]);
      } finally {
        Files.deleteIfExists(probe);
      }
    } catch (IOException | UnsupportedOperationException e) {
      throw new IllegalArgumentException(
          "--out "
              + out
              + ": cannot write result files in "
              + protocolDir
              + " ("
              + describe(e)
              + ")");
    }
  }

  /** An I/O failure in a few words: what exists, what was denied, else its message. */
  static String describe(Exception e) {
    if (e instanceof FileAlreadyExistsException) {
      return e.getMessage() + " exists and is not a folder";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied: " + e.getMessage();
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
