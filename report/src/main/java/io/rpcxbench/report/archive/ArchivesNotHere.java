package io.rpcxbench.report.archive;

import java.nio.file.Path;
import java.util.List;

/**
 * The one line for archives that are not in the archives folder: main keeps only the manifests, the
 * archives live on the measurements branch, and {@code measurements fetch} brings them.
 */
final class ArchivesNotHere {
  static final String FETCH = "java -jar report/target/report.jar measurements fetch";

  private ArchivesNotHere() {}

  /**
   * E.g. {@code error: measurements/knee.tar.xz is not here (...): get it with ... fetch knee}.
   *
   * @param all whether the names are every manifest's (then the command names none)
   */
  static String line(Path archives, List<String> names, boolean all) {
    Path first = MeasurementArchive.archivePath(archives, names.get(0));
    String which =
        names.size() == 1
            ? first + " is not here"
            : names.size() + " archives are not here, the first " + first;
    return "error: "
        + which
        + " (main keeps only the manifests; the archives live on the "
        + ArchiveBranch.NAME
        + " branch): get "
        + (names.size() == 1 ? "it" : "them")
        + " with "
        + FETCH
        + (all ? "" : " " + String.join(" ", names));
  }
}
