package io.rpcxbench.scripts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a command in the repo root and captures its merged output; the scripts' test driver. */
final class Shell {
  private Shell() {}

  /** The command's exit code and output (stdout and stderr interleaved). */
  record Result(int exitCode, String output) {}

  static Path repoRoot() {
    Path dir = Path.of("").toAbsolutePath();
    for (Path p = dir; p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("sweep.sh")) && Files.isDirectory(p.resolve("deploy"))) {
        return p;
      }
    }
    throw new IllegalStateException("repo root (with sweep.sh) not found above " + dir);
  }

  /**
   * The lock file of the suites that make machine-global things with fixed names and addresses
   * (network namespaces, bridges, sshds on 198.18.0.0/15): two builds on one machine (two clones, a
   * developer's run beside CI) take turns instead of tearing down each other's hosts.
   */
  static final String HOST_SUITES_LOCK = "/tmp/rpcx-bench-host-suites.lock";

  /** How long a suite may wait for another build's host suite before it counts as timed out. */
  static final long HOST_SUITES_WAIT_SECONDS = 1200;

  /**
   * Runs a suite that makes machine-global hosts while holding {@link #HOST_SUITES_LOCK} ({@code
   * flock(1)}); the timeout covers the wait too.
   */
  static Result runAlone(long timeoutSeconds, List<String> command)
      throws IOException, InterruptedException {
    List<String> locked = new java.util.ArrayList<>(List.of("flock", HOST_SUITES_LOCK));
    locked.addAll(command);
    return run(timeoutSeconds + HOST_SUITES_WAIT_SECONDS, locked);
  }

  static Result run(long timeoutSeconds, List<String> command)
      throws IOException, InterruptedException {
    Path log = Files.createTempFile("scripts-test", ".log");
    try {
      Process process =
          new ProcessBuilder(command)
              .directory(repoRoot().toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .start();
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        process.waitFor(15, TimeUnit.SECONDS);
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        // first, where a CI log that shows a failure's head only still shows it
        return new Result(
            -1,
            "[timed out after "
                + timeoutSeconds
                + " s: what it printed until then follows]\n"
                + Files.readString(log, StandardCharsets.UTF_8));
      }
      return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }

  static boolean onPath(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return true;
      }
    }
    return false;
  }

  static boolean isRoot() {
    try {
      return run(10, List.of("id", "-u")).output().strip().equals("0");
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
