package io.rpcxbench.report.archive;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

/**
 * Packs one measurement folder into {@code NAME.tar.xz} (xz preset 9) and writes its manifest. The
 * archive is reproducible: files in path order, owner 0, no user names, each file's time the
 * measurement's first start (or the epoch), mode 644 or 755.
 *
 * <pre>
 * ArchivePacker.pack(Path.of("docs/measurements/knee-2026-11-22"), "docs/measurements/knee-2026-11-22",
 *     Path.of("measurements"), "knee-2026-11-22");
 * </pre>
 */
final class ArchivePacker {
  static final int XZ_PRESET = 9;

  private ArchivePacker() {}

  static ArchiveManifest pack(Path folder, String source, Path archives, String name)
      throws IOException {
    List<ManifestEntry> files = list(folder);
    if (files.isEmpty()) {
      throw new IllegalArgumentException(folder + " holds no files");
    }
    Files.createDirectories(archives);
    Path archive = MeasurementArchive.archivePath(archives, name);
    Path partial = archive.resolveSibling(archive.getFileName() + ".partial");
    long time = firstStart(new ArchiveManifest(name, source, 0, "-", files));
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16);
        XZOutputStream xz = new XZOutputStream(out, options(files));
        TarArchiveOutputStream tar = new TarArchiveOutputStream(xz, "UTF-8")) {
      tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
      tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
      for (ManifestEntry f : files) {
        Path file = folder.resolve(f.path());
        TarArchiveEntry e = new TarArchiveEntry(f.path());
        e.setSize(f.bytes());
        e.setMode(Files.isExecutable(file) ? 0100755 : 0100644);
        e.setModTime(time);
        e.setIds(0, 0);
        e.setNames("", "");
        tar.putArchiveEntry(e);
        Files.copy(file, tar);
        tar.closeArchiveEntry();
      }
      tar.finish();
    }
    Files.move(partial, archive, StandardCopyOption.REPLACE_EXISTING);
    ArchiveManifest manifest =
        new ArchiveManifest(name, source, Files.size(archive), Sha256.of(archive), files);
    manifest.write(ArchiveManifest.path(archives, name));
    return manifest;
  }

  /** Every regular file under the folder, in path order, with its size, hash and facts. */
  private static List<ManifestEntry> list(Path folder) throws IOException {
    List<Path> paths;
    try (Stream<Path> walk = Files.walk(folder)) {
      paths = walk.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).toList();
    }
    List<ManifestEntry> files = new ArrayList<>();
    for (Path p : paths) {
      if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
        throw new IllegalArgumentException(p + " is not a regular file (a link?): not archived");
      }
      String path = folder.relativize(p).toString().replace(p.getFileSystem().getSeparator(), "/");
      files.add(new ManifestEntry(path, Files.size(p), Sha256.of(p), FileFacts.of(p)));
    }
    files.sort((a, b) -> a.path().compareTo(b.path()));
    return files;
  }

  /**
   * xz -9, its dictionary no larger than the files together: the same archive bytes for a small
   * measurement without the 674 MiB xz -9 allocates for its 64 MiB dictionary.
   */
  private static LZMA2Options options(List<ManifestEntry> files) throws IOException {
    LZMA2Options o = new LZMA2Options(XZ_PRESET);
    long total = files.stream().mapToLong(ManifestEntry::bytes).sum() + 1024L * files.size();
    o.setDictSize((int) Math.max(LZMA2Options.DICT_SIZE_MIN, Math.min(o.getDictSize(), total)));
    return o;
  }

  private static long firstStart(ArchiveManifest m) {
    String first = m.date().split(" ")[0];
    try {
      return Instant.parse(first).toEpochMilli();
    } catch (DateTimeParseException e) {
      return 0; // no file names its start: the epoch, so the archive is still reproducible
    }
  }
}
