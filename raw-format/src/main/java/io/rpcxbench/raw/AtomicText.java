package io.rpcxbench.raw;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a text file atomically: a temp file in the same folder, then a rename, so a reader never
 * sees half a scorecard.
 *
 * <pre>{@code
 * AtomicText.write(Path.of("results/choose/x/report/scorecard.md"), markdown);
 * }</pre>
 */
public final class AtomicText {
  private AtomicText() {}

  public static Path write(Path file, String text) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path temp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
    try {
      Files.writeString(temp, text, StandardCharsets.UTF_8);
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temp);
    }
    return file;
  }
}
