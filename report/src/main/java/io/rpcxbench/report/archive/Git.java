package io.rpcxbench.report.archive;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * git, the program, run in one repository: no shell, a time limit on every call, standard output
 * into a file (an archive's blob can be large) and standard error kept for the one-line error.
 *
 * <pre>
 * Git git = new Git(Path.of("measurements"));
 * String head = git.text(Duration.ofSeconds(30), "rev-parse", "HEAD");   // GitFailed: one line
 * </pre>
 */
final class Git {
  static final Duration LOCAL = Duration.ofMinutes(2);
  static final Duration NETWORK = Duration.ofMinutes(15);

  private final Path dir;

  /** git in the repository holding {@code dir}. */
  Git(Path dir) {
    this.dir = dir.toAbsolutePath().normalize();
  }

  /** git's standard output, stripped. */
  String text(Duration limit, String... args) throws IOException {
    return text(limit, Map.of(), null, args);
  }

  /** The same, with extra environment and a file on standard input (or null). */
  String text(Duration limit, Map<String, String> env, Path stdin, String... args)
      throws IOException {
    Path out = Files.createTempFile("git", ".out");
    try {
      run(limit, env, stdin, out, args);
      return Files.readString(out, StandardCharsets.UTF_8).strip();
    } finally {
      Files.deleteIfExists(out);
    }
  }

  /** Whether {@code rev} names an object here (no error when it does not). */
  boolean has(String rev) throws IOException {
    try {
      text(LOCAL, "rev-parse", "--verify", "--quiet", rev);
      return true;
    } catch (GitFailed e) {
      return false;
    }
  }

  /** Runs git with standard output into {@code out}; a non-zero exit or the limit is GitFailed. */
  void run(Duration limit, Map<String, String> env, Path stdin, Path out, String... args)
      throws IOException {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
    command.addAll(List.of(args));
    Path err = Files.createTempFile("git", ".err");
    ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile());
    pb.redirectError(err.toFile());
    pb.redirectInput(
        stdin == null
            ? ProcessBuilder.Redirect.from(devNull())
            : ProcessBuilder.Redirect.from(stdin.toFile()));
    pb.environment().put("GIT_TERMINAL_PROMPT", "0"); // a password prompt would wait forever
    pb.environment().putAll(env);
    try {
      Process p = start(pb, args);
      if (!p.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly().waitFor();
        throw new GitFailed(what(args) + ": no answer in " + limit.toSeconds() + " s", true);
      }
      if (p.exitValue() != 0) {
        throw new GitFailed(what(args) + ": " + lastLine(err, p.exitValue()), false);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GitFailed(what(args) + ": interrupted", false);
    } finally {
      Files.deleteIfExists(err);
    }
  }

  private static Process start(ProcessBuilder pb, String... args) {
    try {
      return pb.start();
    } catch (IOException e) {
      throw new GitFailed(what(args) + ": cannot run git (" + e.getMessage() + ")", false);
    }
  }

  private static java.io.File devNull() {
    return new java.io.File(
        System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
  }

  /** git's words on standard error in one line: its first "fatal:" or "error:", else its last. */
  private static String lastLine(Path err, int exit) throws IOException {
    List<String> lines =
        Files.readAllLines(err, StandardCharsets.UTF_8).stream()
            .map(String::strip)
            .filter(l -> !l.isEmpty())
            .toList();
    return lines.stream()
        .filter(l -> l.startsWith("fatal:") || l.startsWith("error:"))
        .findFirst()
        .orElse(lines.isEmpty() ? "exit " + exit : lines.get(lines.size() - 1));
  }

  /** The command as run, cut short (a commit message or a long path would fill the line). */
  private static String what(String... args) {
    String all = "git " + String.join(" ", args);
    return all.length() <= 100 ? all : all.substring(0, 97) + "...";
  }

  /** git exited non-zero, could not run, or passed its time limit: one line, git's own words. */
  static final class GitFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final boolean timedOut;

    GitFailed(String message, boolean timedOut) {
      super(message);
      this.timedOut = timedOut;
    }
  }
}
