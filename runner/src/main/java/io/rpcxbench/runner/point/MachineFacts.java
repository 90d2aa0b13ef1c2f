package io.rpcxbench.runner.point;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The machine a measurement ran on, as {@code key: value} lines for its folder's machine.txt and
 * the document: date, CPUs and their model, kernel, Java, the repository's commit (and whether the
 * RPCX code was modified in the working tree), the load average at the start.
 */
public final class MachineFacts {
  private MachineFacts() {}

  public static List<String> lines(Path home) {
    List<String> l = new ArrayList<>();
    l.add("date: " + Instant.now().truncatedTo(ChronoUnit.SECONDS));
    l.add(
        "cpus: "
            + Runtime.getRuntime().availableProcessors()
            + " ("
            + cpuModel().orElse("unknown model")
            + ")");
    l.add("kernel: " + System.getProperty("os.name") + " " + System.getProperty("os.version"));
    l.add(
        "java: "
            + System.getProperty("java.runtime.name")
            + " (build "
            + System.getProperty("java.runtime.version")
            + ")");
    String commit = git(home, "rev-parse", "--short", "HEAD");
    boolean modified =
        commit != null && git(home, "diff", "--quiet", "HEAD", "--", "rpcx", "server-rpcx") == null;
    l.add(
        "commit: "
            + (commit == null ? "unknown" : commit)
            + (modified ? " (rpcx/ or server-rpcx/ modified in the working tree)" : ""));
    l.add("load average at start: " + loadAverage());
    return l;
  }

  public static java.util.Optional<String> cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
        if (line.startsWith("model name")) {
          return java.util.Optional.of(line.substring(line.indexOf(':') + 1).trim());
        }
      }
    } catch (IOException e) {
      // not Linux
    }
    return java.util.Optional.empty();
  }

  private static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | ArrayIndexOutOfBoundsException e) {
      return "unknown";
    }
  }

  /** git's first output line, "" for none; null when git failed (or is not there). */
  private static String git(Path home, String... args) {
    List<String> command = new ArrayList<>(List.of("git", "-C", home.toString()));
    command.addAll(List.of(args));
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        return null;
      }
      return out.lines().findFirst().orElse("");
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
