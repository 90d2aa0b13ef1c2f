package io.rpcxbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Runs external programs for the integration tests (PostgreSQL, Chromium). */
public final class Processes {
  public record Done(int exit, String output) {}

  private Processes() {}

  /**
   * Runs {@code command}, stdout and stderr merged into {@code log}; kills it after {@code
   * seconds}.
   */
  public static Done run(List<String> command, Path log, long seconds)
      throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      return new Done(
          -1,
          "timed out after "
              + seconds
              + " s: "
              + String.join(" ", command)
              + "\n"
              + Files.readString(log, StandardCharsets.UTF_8));
    }
    return new Done(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }

  /** The first of {@code names} found on the PATH, or null. */
  public static Path onPath(String... names) {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String name : names) {
      for (String dir : path.split(":")) {
        Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
        if (Files.isExecutable(candidate)) {
          return candidate;
        }
      }
    }
    return null;
  }

  static boolean isRoot() {
    try {
      Process p = new ProcessBuilder("id", "-u").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      p.waitFor();
      return out.equals("0");
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  public static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
