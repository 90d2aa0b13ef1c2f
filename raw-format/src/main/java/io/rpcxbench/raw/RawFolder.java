package io.rpcxbench.raw;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where a folder's raw files are: every {@code *.csv} below it, hidden ones (a write in progress,
 * {@code .name.csv.tmp} and the like) left out. The one rule of what counts as a raw file of a
 * result folder, for the tools that only need to find one.
 *
 * <pre>{@code
 * RawFolder.first(Path.of("results/raw"));   // Optional[results/raw/grpc/t10-r100.csv]
 * }</pre>
 */
public final class RawFolder {
  private RawFolder() {}

  /** The first raw file under {@code dir} in name order; empty when there is none or no folder. */
  public static Optional<Path> first(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return Optional.empty();
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(RawFolder::isRawFile).sorted().findFirst();
    }
  }

  /** Whether {@code file} is named as a raw file: {@code *.csv}, not hidden. */
  public static boolean isRawFile(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(".csv") && !name.startsWith(".") && Files.isRegularFile(file);
  }
}
