package io.rpcxbench.runner.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipFile;

/**
 * Copies of the jars a measurement runs (the harness's class path, the servers' jars) taken before
 * its first run, so that a rebuild in the same tree meanwhile (others build there) cannot swap
 * classes under a running JVM. The copies keep their paths under the repository, so the snapshot
 * serves as the servers' home. {@link #lines} is what jars.txt records: a sha256 prefix, the build
 * time and the path of each.
 *
 * <pre>{@code
 * JarSnapshot jars = JarSnapshot.take(home, out.resolve("jars"), classPathJars, serverJars);
 * jars.classPath();   // the copies, for the harness JVMs
 * }</pre>
 */
final class JarSnapshot {
  private final Path home;
  private final Path dir;
  private final List<String> lines = new ArrayList<>();
  private final List<Path> classPath = new ArrayList<>();

  private JarSnapshot(Path home, Path dir) {
    this.home = home;
    this.dir = dir;
  }

  /**
   * Copies {@code classPath}'s jars (a folder stays as it is) and {@code others} (paths under
   * {@code home} that exist) into {@code dir}.
   *
   * @throws IllegalStateException when a jar is being rewritten (a build is running)
   */
  static JarSnapshot take(Path home, Path dir, List<Path> classPath, List<Path> others)
      throws IOException {
    JarSnapshot s = new JarSnapshot(home, dir);
    for (Path p : classPath) {
      s.classPath.add(Files.isRegularFile(p) ? s.copy(p) : p);
    }
    Set<Path> distinct = new LinkedHashSet<>(others);
    for (Path p : distinct) {
      if (Files.isRegularFile(p)) {
        s.copy(p);
      }
    }
    return s;
  }

  /** This JVM's class path entries. */
  static List<Path> currentClassPath() {
    List<Path> entries = new ArrayList<>();
    for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      if (!e.isEmpty()) {
        entries.add(Path.of(e).toAbsolutePath().normalize());
      }
    }
    return entries;
  }

  private Path copy(Path jar) throws IOException {
    Path abs = jar.toAbsolutePath().normalize();
    Path rel = abs.startsWith(home) ? home.relativize(abs) : abs.getFileName();
    Path copy = dir.resolve(rel);
    Files.createDirectories(copy.getParent());
    Files.copy(abs, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    try (ZipFile z = new ZipFile(copy.toFile())) {
      z.size();
    } catch (IOException e) {
      throw new IllegalStateException(
          abs + " is being rewritten (a build is running?): try again when it is done", e);
    }
    String built =
        Files.getLastModifiedTime(abs).toInstant().truncatedTo(ChronoUnit.SECONDS).toString();
    lines.add(JarPair.sha256(copy).substring(0, 16) + " " + built + " " + rel);
    return copy;
  }

  /** The folder the copies are in, with the repository's paths: the servers' home. */
  Path home() {
    return dir;
  }

  /** The class path of the harness JVMs: the copies. */
  String classPath() {
    return String.join(java.io.File.pathSeparator, classPath.stream().map(Path::toString).toList());
  }

  /** jars.txt: {@code sha256-prefix built-at path} per jar. */
  List<String> lines() {
    return List.copyOf(lines);
  }

  /** The machine.txt line: each jar and when it was built. */
  String text() {
    List<String> items = new ArrayList<>();
    for (String l : lines) {
      String[] f = l.split(" ", 3);
      items.add(f[2] + " built " + f[1]);
    }
    return String.join(", ", items);
  }

  /** Removes the copies (after the servers and the report are done). */
  void drop() {
    try (var walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // best effort: a leftover copy is only disk space
    }
  }
}
