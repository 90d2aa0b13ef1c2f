package io.rpcxbench.report.archive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * The measurement archives (the repository's measurements/), each checked and unpacked once per
 * test JVM into a temporary folder removed at exit; tests read the raw evidence there. Main keeps
 * only the manifests: where an archive is not here (a clone without the measurements branch's
 * archives fetched), the test that asks for it is skipped with the reason, never failed.
 *
 * <pre>
 * Path data = UnpackedMeasurements.of("reproduction-data").resolve("b-1mbit-thread");
 * </pre>
 */
public final class UnpackedMeasurements {
  public static final Path ARCHIVES = Path.of("..", "measurements");
  private static final Map<String, Path> UNPACKED = new HashMap<>();
  private static Path root;

  private UnpackedMeasurements() {}

  /**
   * NAME's files, unpacked (and every sha256 checked) on first use; the calling test is skipped (a
   * JUnit assumption) when the archive is not here.
   */
  public static synchronized Path of(String name) {
    Path archive = MeasurementArchive.archivePath(ARCHIVES, name);
    Assumptions.assumeTrue(
        Files.isRegularFile(archive),
        () ->
            "raw archive "
                + archive.normalize()
                + " not here (main keeps only its manifest): skipped; get the archives with "
                + ArchivesNotHere.FETCH);
    return UNPACKED.computeIfAbsent(name, UnpackedMeasurements::unpack);
  }

  /** Every archive's name, in order. */
  public static List<String> names() throws IOException {
    return MeasurementArchive.names(ARCHIVES);
  }

  private static Path unpack(String name) {
    try {
      if (root == null) {
        root = Files.createTempDirectory("measurements");
        Path made = root;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(made)));
      }
      Path to = root.resolve(name);
      MeasurementArchive.of(ARCHIVES, name).unpackTo(to);
      return to;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteQuietly(Path folder) {
    try {
      UnpackedCopy.delete(folder);
    } catch (IOException e) {
      // a temporary folder: left to the system's clean-up
    }
  }
}
