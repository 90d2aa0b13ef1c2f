package io.rpcxbench.report.archive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** A folder as unpacking leaves it: whether it is an archive's copy already, and its removal. */
final class UnpackedCopy {
  private UnpackedCopy() {}

  static boolean isEmptyFolder(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return false;
    }
    try (Stream<Path> children = Files.list(folder)) {
      return children.findAny().isEmpty();
    }
  }

  /** Whether the folder holds exactly the manifest's files, each of its size and SHA-256. */
  static boolean matches(Path folder, ArchiveManifest manifest) throws IOException {
    if (!Files.isDirectory(folder)) {
      return false;
    }
    long files;
    try (Stream<Path> walk = Files.walk(folder)) {
      files = walk.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).count();
    }
    if (files != manifest.files().size()) {
      return false;
    }
    for (ManifestEntry e : manifest.files()) {
      Path f = folder.resolve(e.path());
      if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)
          || Files.size(f) != e.bytes()
          || !Sha256.of(f).equals(e.sha256())) {
        return false;
      }
    }
    return true;
  }

  static void delete(Path folder) throws IOException {
    if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    List<Path> all;
    try (Stream<Path> walk = Files.walk(folder)) {
      all = walk.sorted(Comparator.reverseOrder()).toList();
    }
    for (Path p : all) {
      Files.delete(p);
    }
  }
}
