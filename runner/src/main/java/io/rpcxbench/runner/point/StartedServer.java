package io.rpcxbench.runner.point;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/**
 * One benchmark server this sweep started, its output in a log file, and its ready line {@code
 * <server-id> listening on ADDR:PORT} (server-kit prints it once it listens): the one source of the
 * port a server started with {@code --port 0} took.
 */
public final class StartedServer {
  static final Pattern READY = Pattern.compile("(?m)^(\\S+) listening on (\\S*):([0-9]+)");

  /**
   * The JVM flag that has a server-kit server watch its stdin ({@link #start(List, Path,
   * ClassDataArchives.Archive)}): server-kit's {@code RunnerWatch.PROPERTY}, which this module
   * cannot see (server-kit is a runtime dependency).
   */
  static final String WATCH_PARENT = "-Drpcxbench.server.parent=stdin";

  private final Process process;
  private final Path log;
  private final ClassDataArchives.Archive archive;
  private String readyLine;
  private int port;

  private StartedServer(Process process, Path log, ClassDataArchives.Archive archive) {
    this.process = process;
    this.log = log;
    this.archive = archive;
  }

  /** Starts {@code command}, a JVM without a class-data archive or no JVM; its stdin empty. */
  public static StartedServer start(List<String> command, Path log) throws IOException {
    ProcessBuilder pb = builder(command, log);
    pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    return new StartedServer(pb.start(), log, ClassDataArchives.Archive.NONE);
  }

  /**
   * Starts the server {@code command}, whose class-data {@code archive} is settled once it stopped.
   * Its stdin is a pipe this JVM keeps open and never writes: its end, when this JVM is gone
   * however it went, stops a server that watches it ({@link #WATCH_PARENT}).
   */
  public static StartedServer start(
      List<String> command, Path log, ClassDataArchives.Archive archive) throws IOException {
    ProcessBuilder pb = builder(command, log);
    pb.redirectInput(ProcessBuilder.Redirect.PIPE);
    return new StartedServer(pb.start(), log, archive);
  }

  private static ProcessBuilder builder(List<String> command, Path log) {
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.redirectErrorStream(true);
    pb.redirectOutput(log.toFile());
    return pb;
  }

  /**
   * Waits for the ready line.
   *
   * @throws IOException naming the log's last lines when the server exits first or stays silent
   */
  void awaitReady(long timeoutMs) throws IOException, InterruptedException {
    MatchResult m = awaitLines(READY, 1, timeoutMs).get(0);
    readyLine = m.group();
    port = Integer.parseInt(m.group(3));
  }

  /**
   * Waits until the log holds {@code count} lines matching {@code line}: a process's ready lines.
   *
   * @throws IOException naming the log's last lines when the process exits first or stays silent
   */
  public List<MatchResult> awaitLines(Pattern line, int count, long timeoutMs)
      throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMs;
    while (true) {
      String text = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
      List<MatchResult> found = line.matcher(text).results().toList();
      if (found.size() >= count) {
        return found.subList(0, count);
      }
      if (!process.isAlive()) {
        throw new NotReady(
            process.exitValue(),
            "the process (pid " + process.pid() + ") exited before its ready line; " + tail(text));
      }
      if (System.currentTimeMillis() > deadline) {
        throw new NotReady(
            -1,
            "the process (pid "
                + process.pid()
                + ") printed no ready line within "
                + timeoutMs / 1000
                + "s; "
                + tail(text));
      }
      Thread.sleep(50);
    }
  }

  /** A server that did not start; {@code exitCode} -1 while it still runs. */
  static final class NotReady extends IOException {
    final int exitCode;

    NotReady(int exitCode, String message) {
      super(message);
      this.exitCode = exitCode;
    }
  }

  private String tail(String text) {
    String[] lines = text.split("\n");
    int from = Math.max(0, lines.length - 20);
    return "last lines of "
        + log
        + ":\n"
        + String.join("\n", java.util.Arrays.asList(lines).subList(from, lines.length));
  }

  /** SIGTERM, then SIGKILL after {@code graceMs}. */
  public void stop(long graceMs) throws InterruptedException {
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
    if (process.waitFor(graceMs, TimeUnit.MILLISECONDS)) {
      archive.settle();
      return;
    }
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
    archive.discard();
  }

  public ProcessHandle handle() {
    return process.toHandle();
  }

  int port() {
    return port;
  }

  String readyLine() {
    return readyLine;
  }

  Path log() {
    return log;
  }
}
