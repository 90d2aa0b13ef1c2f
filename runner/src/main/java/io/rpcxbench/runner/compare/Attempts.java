package io.rpcxbench.runner.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The attempts at one unit of a comparison: each runs into a folder of its own beside the unit's
 * ({@code round3.try1}, {@code round3.try2}, ...), and the one kept becomes the unit's folder.
 */
final class Attempts {
  private Attempts() {}

  /** The folder of attempt {@code attempt} at the unit whose folder is {@code dir}. */
  static Path dir(Path dir, int attempt) {
    return dir.resolveSibling(dir.getFileName() + ".try" + attempt);
  }

  /** Attempt {@code attempt}'s folder made the unit's (when it holds one), the others removed. */
  static void keep(Path dir, int attempt) throws IOException {
    deleteRecursively(dir);
    Path kept = dir(dir, attempt);
    if (Files.exists(kept)) {
      Files.createDirectories(dir.getParent());
      Files.move(kept, dir, StandardCopyOption.ATOMIC_MOVE);
    }
    deleteAll(dir);
  }

  /** Every attempt's folder at the unit {@code dir}, removed. */
  static void deleteAll(Path dir) throws IOException {
    if (!Files.isDirectory(dir.getParent())) {
      return;
    }
    try (Stream<Path> siblings = Files.list(dir.getParent())) {
      for (Path p : siblings.toList()) {
        if (p.getFileName().toString().startsWith(dir.getFileName() + ".try")) {
          deleteRecursively(p);
        }
      }
    }
  }

  /** {@code p} and all below it, removed. */
  static void deleteRecursively(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(p)) {
      for (Path q : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(q);
      }
    }
  }
}
