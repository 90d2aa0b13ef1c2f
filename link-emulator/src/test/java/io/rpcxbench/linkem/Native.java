package io.rpcxbench.linkem;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The emulator's C build as the tests see it: {@code make} once per JVM, then the binaries' paths.
 * Where the machine has no C compiler or make (a JDK-and-Maven-only box), every test that needs
 * them is skipped with that reason printed, and the build passes.
 */
final class Native {
  private static String buildFailure;
  private static boolean built;

  private Native() {}

  /** The module folder (where the Makefile is). */
  static Path moduleDir() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("src/main/c/linkem.c"))) {
        return p;
      }
      if (Files.isRegularFile(p.resolve("link-emulator/src/main/c/linkem.c"))) {
        return p.resolve("link-emulator");
      }
    }
    throw new IllegalStateException("link-emulator/src/main/c not found above the working folder");
  }

  static Path binary(String name) {
    return moduleDir().resolve("target/native").resolve(name);
  }

  /** Builds linkem and linkem-probe, or skips the calling test with the reason. */
  static synchronized void requireBuilt() throws IOException, InterruptedException {
    if (!built && buildFailure == null) {
      String missing = missingTool();
      if (missing != null) {
        buildFailure = missing;
      } else {
        Result r = run(300, List.of("make", "-s", "-C", moduleDir().toString(), "all"));
        if (r.exitCode() != 0) {
          throw new AssertionError("make all failed (exit " + r.exitCode() + "):\n" + r.output());
        }
        built = true;
      }
    }
    if (buildFailure != null) {
      System.out.println("[link-emulator] SKIPPED: " + buildFailure);
    }
    assumeTrue(buildFailure == null, buildFailure);
  }

  /** Why the C tests cannot run here, or null. */
  static String missingTool() {
    for (String tool : new String[] {"make", "cc"}) {
      if (!onPath(tool)) {
        return "no '"
            + tool
            + "' on the PATH: the C emulator (link-emulator/src/main/c) is not built"
            + " or tested here; install a C compiler and make (apt-get install build-essential)";
      }
    }
    return null;
  }

  static boolean onPath(String tool) {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String dir : path.split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }

  /** A command's exit code and its merged output. */
  record Result(int exitCode, String output) {}

  static Result run(long timeoutSeconds, List<String> command)
      throws IOException, InterruptedException {
    Path log = Files.createTempFile("linkem-test", ".log");
    try {
      Process p =
          new ProcessBuilder(new ArrayList<>(command))
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroy);
        p.destroyForcibly().waitFor();
        throw new AssertionError(
            "timed out after " + timeoutSeconds + " s: " + command + "\n" + Files.readString(log));
      }
      return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }
}
