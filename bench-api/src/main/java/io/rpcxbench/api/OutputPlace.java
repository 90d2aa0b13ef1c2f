package io.rpcxbench.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Where a command may write, checked when its command line is read, before any work: the one rule
 * behind every {@code --out} of the runner and of the report tool (their picocli converters only
 * hand the line on). A folder ({@link #folder}) is refused when it is empty, under {@code /proc} or
 * {@code /sys}, an existing non-folder, not writable, or when what would hold it is a file or not
 * writable; a file ({@link #file}) when it is a folder or its folder is refused. Each refusal is
 * one line that names the path and what is wrong.
 *
 * <pre>{@code
 * Path out = OutputPlace.folder("results/mine", "results/mine");   // fine, created later
 * OutputPlace.folder("/proc/nope/x", "results/mine");
 * // IllegalArgumentException: /proc/nope/x is under /proc, the kernel's: name a folder on a disk
 * }</pre>
 */
public final class OutputPlace {
  private static final Path PROC = Path.of("/proc");
  private static final Path SYS = Path.of("/sys");

  private OutputPlace() {}

  /**
   * The folder {@code value} names, if a command may create and fill it.
   *
   * @param example a folder to name in the refusal of an empty value, e.g. {@code results/mine}
   * @throws IllegalArgumentException one line: the path and what is wrong
   */
  public static Path folder(String value, String example) {
    Path p = path(value, "folder", example);
    if (Files.exists(p) && !Files.isDirectory(p)) {
      throw new IllegalArgumentException(value + " is a file, not a folder");
    }
    writableAncestor(value, p);
    return p;
  }

  /**
   * The file {@code value} names, if a command may write it (replacing it when it is there).
   *
   * @throws IllegalArgumentException one line: the path and what is wrong
   */
  public static Path file(String value, String example) {
    Path p = path(value, "file", example);
    if (Files.isDirectory(p)) {
      throw new IllegalArgumentException(value + " is a folder, not a file");
    }
    if (Files.exists(p)) {
      if (!Files.isWritable(p)) {
        throw new IllegalArgumentException(value + " is not writable");
      }
      return p;
    }
    Path parent = p.toAbsolutePath().getParent();
    if (parent != null) {
      writableAncestor(value, parent);
    }
    return p;
  }

  private static Path path(String value, String kind, String example) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("an empty " + kind + "; name one, e.g. " + example);
    }
    Path p;
    try {
      p = Path.of(value);
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException("'" + value + "' is no path: " + e.getReason());
    }
    if (underKernel(p.toAbsolutePath().normalize())) {
      throw kernels(value, p.toAbsolutePath().normalize());
    }
    return p;
  }

  /**
   * The nearest folder that exists on the way to {@code p} (itself, when it exists) must be a
   * writable folder outside the kernel's file systems, its real path included (a link into /proc).
   */
  private static void writableAncestor(String value, Path p) {
    Path at = p.toAbsolutePath().normalize();
    while (at != null && !Files.exists(at)) {
      at = at.getParent();
    }
    if (at == null) {
      return;
    }
    Path real;
    try {
      real = at.toRealPath();
    } catch (IOException e) {
      throw new IllegalArgumentException(value + ": " + at + " cannot be read (" + e + ")");
    }
    if (underKernel(real)) {
      throw kernels(value, real);
    }
    if (!Files.isDirectory(real)) {
      throw new IllegalArgumentException(
          value + " cannot be made: " + at + " is a file, not a folder");
    }
    if (!Files.isWritable(real)) {
      throw new IllegalArgumentException(
          value + (at.equals(named(value)) ? "" : ": " + at) + " is not writable");
    }
  }

  private static Path named(String value) {
    return Path.of(value).toAbsolutePath().normalize();
  }

  private static boolean underKernel(Path absolute) {
    return absolute.startsWith(PROC) || absolute.startsWith(SYS);
  }

  private static IllegalArgumentException kernels(String value, Path at) {
    String root = at.startsWith(PROC) ? "/proc" : "/sys";
    return new IllegalArgumentException(
        value + " is under " + root + ", the kernel's: name a folder on a disk");
  }
}
