package io.rpcxbench.testsupport;

import io.rpcxbench.tls.TestAuthority;
import io.rpcxbench.tls.TlsFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Test authorities (a CA and its server and client certificates for localhost and 127.0.0.1) made
 * on the spot in one temporary folder, never committed keys; {@link #delete()} removes them all.
 */
final class TemporaryAuthorities {
  private static final List<String> SERVER_NAMES = List.of("localhost", "127.0.0.1");

  private Path dir;

  /** A new authority named {@code name} in the folder (made on first use). */
  synchronized TlsFiles create(String name) {
    if (dir == null) {
      try {
        dir = Files.createTempDirectory("rpcx-bench-tls");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return TestAuthority.create(dir.resolve(name), SERVER_NAMES);
  }

  /** Deletes the folder and every authority in it. */
  synchronized void delete() throws IOException {
    if (dir != null) {
      try (Stream<Path> all = Files.walk(dir)) {
        for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }
}
