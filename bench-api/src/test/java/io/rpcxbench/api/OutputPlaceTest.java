package io.rpcxbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 59: where a command may write, refused in one line before any work. */
class OutputPlaceTest {
  @TempDir Path tmp;

  @Test
  void aFolderToMakeOrOneThatIsThereIsKept() throws IOException {
    assertThat(OutputPlace.folder(tmp.toString(), "x")).isEqualTo(tmp);
    Path deep = tmp.resolve("a/b/c");
    assertThat(OutputPlace.folder(deep.toString(), "x")).isEqualTo(deep);
    assertThat(deep).doesNotExist();
    Path file = Files.writeString(tmp.resolve("page.md"), "old");
    assertThat(OutputPlace.file(file.toString(), "x")).isEqualTo(file);
    assertThat(OutputPlace.file(tmp.resolve("new/page.md").toString(), "x")).isNotNull();
  }

  @Test
  void anEmptyValueIsRefused() {
    refused(() -> OutputPlace.folder(" ", "--out results/mine"))
        .isEqualTo("an empty folder; name one, e.g. --out results/mine");
    refused(() -> OutputPlace.file("", "--out page.md"))
        .isEqualTo("an empty file; name one, e.g. --out page.md");
  }

  @Test
  void aFileIsNoFolderNorIsAnythingBelowIt() throws IOException {
    Path file = Files.writeString(tmp.resolve("taken"), "x");
    refused(() -> OutputPlace.folder(file.toString(), "x"))
        .isEqualTo(file + " is a file, not a folder");
    refused(() -> OutputPlace.folder(file.resolve("sub").toString(), "x"))
        .isEqualTo(file.resolve("sub") + " cannot be made: " + file + " is a file, not a folder");
    refused(() -> OutputPlace.file(file.resolve("page.md").toString(), "x"))
        .contains("is a file, not a folder");
    refused(() -> OutputPlace.file(tmp.toString(), "x"))
        .isEqualTo(tmp + " is a folder, not a file");
  }

  @Test
  void theKernelsFileSystemsAreRefusedThoughALinkLeadsThere() throws IOException {
    refused(() -> OutputPlace.folder("/proc/nope/x", "x"))
        .isEqualTo("/proc/nope/x is under /proc, the kernel's: name a folder on a disk");
    refused(() -> OutputPlace.folder("/sys/kernel", "x")).contains("is under /sys");
    refused(() -> OutputPlace.file("/proc/self/../x.md", "x")).contains("is under /proc");
    Path link = Files.createSymbolicLink(tmp.resolve("fd"), Path.of("/proc/self"));
    refused(() -> OutputPlace.folder(link.resolve("out").toString(), "x"))
        .contains("is under /proc");
  }

  @Test
  void aFolderThatCannotBeWrittenIsRefused() throws Exception {
    Path locked = Files.createDirectory(tmp.resolve("locked"));
    try (ReadOnly ro = ReadOnly.of(locked)) {
      refused(() -> OutputPlace.folder(locked.resolve("x").toString(), "x"))
          .isEqualTo(locked.resolve("x") + ": " + locked + " is not writable");
      refused(() -> OutputPlace.folder(locked.toString(), "x"))
          .isEqualTo(locked + " is not writable");
      refused(() -> OutputPlace.file(locked.resolve("p.md").toString(), "x"))
          .contains(locked + " is not writable");
    }
  }

  private static org.assertj.core.api.AbstractStringAssert<?> refused(Runnable r) {
    try {
      r.run();
    } catch (IllegalArgumentException e) {
      assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("Exception");
      return assertThat(e.getMessage());
    }
    assertThatThrownBy(r::run).isInstanceOf(IllegalArgumentException.class);
    throw new AssertionError("unreachable");
  }

  /**
   * A folder nobody may write: mode 555, and for root (whom modes do not stop) the immutable
   * attribute; skipped where neither holds.
   */
  record ReadOnly(Path dir, boolean immutable) implements AutoCloseable {
    static ReadOnly of(Path dir) throws Exception {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
      boolean immutable = false;
      if (Files.isWritable(dir)) {
        immutable = new ProcessBuilder("chattr", "+i", dir.toString()).start().waitFor() == 0;
      }
      ReadOnly ro = new ReadOnly(dir, immutable);
      if (Files.isWritable(dir)) {
        ro.close();
        assumeTrue(false, "cannot make a folder read-only here");
      }
      return ro;
    }

    @Override
    public void close() throws Exception {
      if (immutable) {
        new ProcessBuilder("chattr", "-i", dir.toString()).start().waitFor();
      }
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }
}
