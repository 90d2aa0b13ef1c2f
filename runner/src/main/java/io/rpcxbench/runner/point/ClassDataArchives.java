package io.rpcxbench.runner.point;

import io.rpcxbench.harness.output.ClassDataSharing;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The class-data-sharing archives of the JVMs the runner starts (servers and harnesses), one per
 * class path, JVM flags and JDK, in a cache folder: the first JVM writes its archive when it exits,
 * the next ones map it and start in about half the time (issue 56: a trial's seconds are JVM starts
 * too). An archive changes how fast a JVM starts, never what it runs: the paper's cold method,
 * whose first run includes the start, runs without one ({@link #coldStart}).
 *
 * <pre>{@code
 * ClassDataArchives.Archive a = archives.forJvm(jar.toString(), flags);
 * command.addAll(a.flags());   // after the java binary
 * ... the JVM runs and exits ...
 * a.settle();                  // a written archive becomes the one the next JVM maps
 * }</pre>
 */
public final class ClassDataArchives {
  /** The harness's options of the paper's cold method. */
  private static final List<String> COLD = List.of("--paper", "--cold-start");

  private final Path dir;
  private final String offBecause;

  private ClassDataArchives(Path dir, String offBecause) {
    this.dir = dir;
    this.offBecause = offBecause;
  }

  /**
   * In the user's cache ({@code $XDG_CACHE_HOME/rpcx-bench/cds}, else {@code
   * ~/.cache/rpcx-bench/cds}); off where the JDK has no base archive to build on or the folder
   * cannot be made.
   */
  public static ClassDataArchives inUserCache() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path cache =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return in(cache.resolve("rpcx-bench").resolve("cds"), Path.of(System.getProperty("java.home")));
  }

  /** In {@code dir}, for the JDK at {@code javaHome}. */
  static ClassDataArchives in(Path dir, Path javaHome) {
    if (!Files.isRegularFile(javaHome.resolve("lib/server/classes.jsa"))) {
      return off("the JDK has no base archive (lib/server/classes.jsa)");
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      return off("cannot make " + dir + " (" + e.getMessage() + ")");
    }
    return Files.isWritable(dir) ? new ClassDataArchives(dir, null) : off(dir + " is not writable");
  }

  public static ClassDataArchives off(String because) {
    return new ClassDataArchives(null, because);
  }

  /** Whether harness options {@code args} ask for the paper's cold method. */
  public static boolean coldStart(List<String> args) {
    return args.stream().anyMatch(COLD::contains);
  }

  /** These archives, or none for a JVM of the cold method ({@code args}: the harness's). */
  public ClassDataArchives unlessCold(List<String> args) {
    return coldStart(args) ? off("the paper's cold method: a run includes the JVM's start") : this;
  }

  /** {@code on}, or {@code off: why}: the value of {@link ClassDataSharing#KEY}. */
  public String text() {
    return dir == null ? "off: " + offBecause : "on";
  }

  /**
   * The flags of a JVM that runs {@code classPath} (a jar, or entries joined by ':') with {@code
   * jvmFlags}: map its archive, or write it at exit when there is none yet.
   */
  public Archive forJvm(String classPath, List<String> jvmFlags) {
    if (dir == null || !onlyJars(classPath)) {
      return Archive.NONE;
    }
    Path file;
    try {
      file = dir.resolve(key(classPath, jvmFlags) + ".jsa");
    } catch (IOException e) {
      return Archive.NONE; // a class path entry went away: the JVM says so
    }
    List<String> flags = new ArrayList<>(ClassDataSharing.QUIET);
    if (Files.isRegularFile(file)) {
      flags.add(0, ClassDataSharing.USE + file);
      return new Archive(flags, null, file);
    }
    Path pending = dir.resolve(file.getFileName() + "." + UUID.randomUUID() + ".part");
    flags.add(0, ClassDataSharing.WRITE + pending);
    return new Archive(flags, pending, file);
  }

  /**
   * Whether every class path entry, and every entry its manifest adds, is a jar: JDK 17 refuses to
   * write an archive over a folder of classes (and then exits with 1, after the JVM's work).
   */
  static boolean onlyJars(String classPath) {
    for (String entry : classPath.split(java.io.File.pathSeparator)) {
      Path p = Path.of(entry).toAbsolutePath();
      if (!Files.isRegularFile(p)) {
        return false;
      }
      try (JarFile jar = new JarFile(p.toFile())) {
        Manifest m = jar.getManifest();
        String more = m == null ? null : m.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
        if (more != null && !manifestEntriesAreJars(p.getParent(), more)) {
          return false;
        }
      } catch (IOException e) {
        return false;
      }
    }
    return true;
  }

  private static boolean manifestEntriesAreJars(Path base, String classPath) {
    for (String entry : classPath.trim().split("\\s+")) {
      Path p;
      try {
        URI uri = base.toUri().resolve(entry);
        p = Path.of(uri);
      } catch (IllegalArgumentException e) {
        return false;
      }
      if (Files.isDirectory(p)) {
        return false;
      }
    }
    return true;
  }

  /**
   * What names an archive: the JDK, the flags, and each class path entry's path, size and time (a
   * rebuilt jar gets a new archive; the JVM would refuse the old one).
   */
  private static String key(String classPath, List<String> jvmFlags) throws IOException {
    StringBuilder b = new StringBuilder();
    b.append(System.getProperty("java.home")).append('\n');
    b.append(System.getProperty("java.vm.version")).append('\n');
    b.append(String.join(" ", jvmFlags)).append('\n');
    for (String entry : classPath.split(java.io.File.pathSeparator)) {
      Path p = Path.of(entry).toAbsolutePath();
      BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
      b.append(p).append(' ').append(a.size()).append(' ').append(a.lastModifiedTime().toMillis());
      b.append('\n');
    }
    try {
      byte[] d =
          MessageDigest.getInstance("SHA-256")
              .digest(b.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * One JVM's archive flags; {@code pending} the file it writes at exit (null when it maps {@code
   * file}, or has no archive).
   */
  public record Archive(List<String> flags, Path pending, Path file) {
    /** No archive: no flags. */
    public static final Archive NONE = new Archive(List.of(), null, null);

    /**
     * After the JVM exited: what it wrote becomes the archive (a rename, so a JVM never maps half
     * an archive; another JVM's archive of the same key, written first, is kept).
     */
    public void settle() {
      if (pending == null) {
        return;
      }
      try {
        if (Files.isRegularFile(pending) && Files.size(pending) > 0 && !Files.exists(file)) {
          Files.move(pending, file, StandardCopyOption.ATOMIC_MOVE);
        }
      } catch (IOException e) {
        // no archive this time: the next JVM writes one
      } finally {
        discard();
      }
    }

    /** After a JVM that was killed: what it wrote may be half an archive, and is deleted. */
    public void discard() {
      if (pending == null) {
        return;
      }
      try {
        Files.deleteIfExists(pending);
      } catch (IOException e) {
        // a leftover part file is never mapped
      }
    }
  }
}
