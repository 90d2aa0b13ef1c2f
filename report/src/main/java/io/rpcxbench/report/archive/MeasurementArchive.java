package io.rpcxbench.report.archive;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * One measurement's raw evidence: {@code NAME.tar.xz} and its manifest in the archives folder (the
 * repository's {@code measurements/}). {@link #verify} checks the archive's size and SHA-256, then
 * every file's against the manifest; {@link #unpackTo} does the same while writing the files, and
 * publishes the folder only when all matched.
 *
 * <pre>
 * MeasurementArchive knee = MeasurementArchive.of(Path.of("measurements"), "knee-2026-11-22");
 * knee.verify();                                  // ArchiveCheckFailed: one line, what differs
 * Path data = knee.unpackTo(Path.of("results/measurements/knee-2026-11-22"));
 * </pre>
 */
public final class MeasurementArchive {
  private static final String SUFFIX = ".tar.xz";
  private final Path archive;
  private final ArchiveManifest manifest;

  private MeasurementArchive(Path archive, ArchiveManifest manifest) {
    this.archive = archive;
    this.manifest = manifest;
  }

  /**
   * NAME in the archives folder.
   *
   * @throws IllegalArgumentException when the folder has no manifest of that name
   */
  public static MeasurementArchive of(Path archives, String name) throws IOException {
    Path manifest = ArchiveManifest.path(archives, name);
    if (name.contains("/") || !Files.isRegularFile(manifest)) {
      throw new IllegalArgumentException("no measurement '" + name + "' in " + archives);
    }
    return new MeasurementArchive(archivePath(archives, name), ArchiveManifest.read(manifest));
  }

  /** The names of every archive in the folder (each with its manifest), in order. */
  public static List<String> names(Path archives) throws IOException {
    try (Stream<Path> files = Files.list(archives)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(f -> f.endsWith(ArchiveManifest.SUFFIX))
          .map(f -> f.substring(0, f.length() - ArchiveManifest.SUFFIX.length()))
          .sorted()
          .toList();
    }
  }

  static Path archivePath(Path archives, String name) {
    return archives.resolve(name + SUFFIX);
  }

  public ArchiveManifest manifest() {
    return manifest;
  }

  /** NAME.tar.xz's place in the archives folder. */
  public Path archive() {
    return archive;
  }

  /**
   * Whether NAME.tar.xz is in the archives folder: main keeps only the manifests, {@code
   * measurements fetch} brings the archives from the measurements branch.
   */
  public boolean isHere() {
    return Files.isRegularFile(archive);
  }

  /** Whether the archive is here with the manifest's size and SHA-256 (its files unread). */
  boolean isHereAndMatches() throws IOException {
    if (!isHere()) {
      return false;
    }
    try {
      checkArchiveFile(archive);
      return true;
    } catch (ArchiveCheckFailed e) {
      return false;
    }
  }

  /** Checks the archive and every file in it against the manifest. */
  public void verify() throws IOException {
    read((entry, executable) -> OutputStream.nullOutputStream());
  }

  /**
   * Unpacks into {@code to} (created; or an empty folder), every file checked before the folder
   * appears. A folder that already holds exactly the manifest's files is left as it is.
   *
   * @return {@code true} when unpacked now, {@code false} when {@code to} already held this copy
   * @throws IllegalArgumentException when {@code to} holds anything else
   */
  public boolean unpackTo(Path to) throws IOException {
    if (Files.exists(to) && !UnpackedCopy.isEmptyFolder(to)) {
      if (UnpackedCopy.matches(to, manifest)) {
        return false;
      }
      throw new IllegalArgumentException(
          to + " exists and is not " + manifest.name() + "'s unpacked copy: choose another --to");
    }
    Path staging = to.toAbsolutePath().resolveSibling("." + to.getFileName() + ".unpacking");
    UnpackedCopy.delete(staging);
    Files.createDirectories(staging);
    try {
      read((entry, executable) -> create(staging.resolve(entry.path()), executable));
      Files.deleteIfExists(to);
      Files.move(staging, to);
      return true;
    } finally {
      UnpackedCopy.delete(staging);
    }
  }

  private static OutputStream create(Path file, boolean executable) {
    try {
      Files.createDirectories(file.getParent());
      OutputStream out = Files.newOutputStream(file);
      if (executable && !file.toFile().setExecutable(true)) {
        throw new IOException(file + ": cannot make it executable");
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Streams the archive once, each file to its sink, checking it against the manifest. */
  private void read(Sink sink) throws IOException {
    checkArchiveFile(archive);
    Map<String, ManifestEntry> expected =
        manifest.files().stream().collect(Collectors.toMap(ManifestEntry::path, e -> e));
    Set<String> seen = new HashSet<>();
    try (InputStream file = new BufferedInputStream(Files.newInputStream(archive), 1 << 16);
        XZCompressorInputStream xz = new XZCompressorInputStream(file);
        TarArchiveInputStream tar = new TarArchiveInputStream(xz, "UTF-8")) {
      for (TarArchiveEntry e; (e = tar.getNextEntry()) != null; ) {
        if (e.isDirectory()) {
          continue;
        }
        ManifestEntry want = expected.get(e.getName());
        if (want == null || !e.isFile() || !seen.add(e.getName())) {
          throw failed(e.getName() + " is not a file of the manifest (or comes twice)");
        }
        copyChecked(tar, want, sink.open(want, (e.getMode() & 0100) != 0));
      }
    } catch (IOException e) {
      throw failed("unreadable, corrupted or truncated (" + e.getMessage() + ")");
    }
    if (seen.size() != expected.size()) {
      String missing =
          expected.keySet().stream().filter(p -> !seen.contains(p)).sorted().findFirst().get();
      throw failed((expected.size() - seen.size()) + " files missing, the first " + missing);
    }
  }

  private void copyChecked(InputStream in, ManifestEntry want, OutputStream to) throws IOException {
    MessageDigest md = Sha256.digest();
    long bytes = 0;
    byte[] buffer = new byte[1 << 16];
    try (to) {
      for (int n; (n = in.read(buffer)) > 0; bytes += n) {
        md.update(buffer, 0, n);
        write(to, buffer, n);
      }
    }
    String sha = Sha256.hex(md);
    if (bytes != want.bytes() || !sha.equals(want.sha256())) {
      throw failed(want.path() + " differs from the manifest: " + bytes + " bytes, sha256 " + sha);
    }
  }

  /** A failed write is this disk's, not the archive's: kept apart from the archive's errors. */
  private static void write(OutputStream to, byte[] buffer, int n) {
    try {
      to.write(buffer, 0, n);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code file} (the archive, or a copy on its way) has the manifest's size and SHA-256. */
  void checkArchiveFile(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new ArchiveCheckFailed(file + ": missing");
    }
    long bytes = Files.size(file);
    if (bytes != manifest.archiveBytes()) {
      throw new ArchiveCheckFailed(
          file
              + ": "
              + bytes
              + " bytes, the manifest says "
              + manifest.archiveBytes()
              + " (truncated?)");
    }
    String sha = Sha256.of(file);
    if (!sha.equals(manifest.archiveSha256())) {
      throw new ArchiveCheckFailed(
          file + ": sha256 " + sha + " is not the manifest's " + manifest.archiveSha256());
    }
  }

  /** Where each file of the archive goes while it is checked. */
  private interface Sink {
    OutputStream open(ManifestEntry file, boolean executable);
  }

  private ArchiveCheckFailed failed(String what) {
    return new ArchiveCheckFailed(archive + ": " + what);
  }
}
