package io.rpcxbench.protocols.amqp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Temp folders of the brokers, named {@code PREFIX<pid>-<random>} after the JVM that made them: a
 * JVM killed with SIGKILL cannot remove its own, so the next server removes those whose maker is
 * gone, and no JVM takes another live one's folder for a leftover.
 */
final class OwnedFolders {
  private OwnedFolders() {}

  static Path tmp() {
    return Path.of(System.getProperty("java.io.tmpdir"));
  }

  /** A new folder owned by this JVM. */
  static Path create(String prefix) throws IOException {
    return Files.createTempDirectory(tmp(), prefix + ProcessHandle.current().pid() + "-");
  }

  /** The folders with this prefix whose owner JVM is no longer running. */
  static List<Path> orphans(String prefix) {
    try (Stream<Path> files = Files.list(tmp())) {
      return files
          .filter(f -> f.getFileName().toString().startsWith(prefix))
          .filter(f -> !alive(owner(f, prefix)))
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  static boolean alive(Optional<Long> pid) {
    return pid.flatMap(ProcessHandle::of).map(ProcessHandle::isAlive).orElse(false);
  }

  private static Optional<Long> owner(Path dir, String prefix) {
    String rest = dir.getFileName().toString().substring(prefix.length());
    int dash = rest.indexOf('-');
    try {
      return Optional.of(Long.parseLong(dash < 0 ? rest : rest.substring(0, dash)));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** Removes the folder and everything in it, as far as it can. */
  static void delete(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      files
          .sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException e) {
                  // best effort: a temp folder
                }
              });
    } catch (IOException e) {
      // already gone
    }
  }
}
