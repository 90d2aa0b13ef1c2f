package io.rpcxbench.testsupport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A benchmark server started as a JVM of its own, as the scripts start it: waits for its ready line
 * ({@code <protocol> listening on ADDR:PORT}), stops it with SIGTERM.
 *
 * <pre>{@code
 * try (ServerProcess server = ServerProcess.start("grpc", List.of("-jar", "target/server-grpc.jar", "--port", "0"))) {
 *   int port = server.awaitReadyPort();
 *   assertThat(server.terminate()).isZero();
 * }
 * }</pre>
 */
public final class ServerProcess implements AutoCloseable {
  private final Pattern ready;

  private final Process process;
  private final CompletableFuture<String> firstLine = new CompletableFuture<>();
  private final List<String> otherLines = new ArrayList<>();

  private ServerProcess(String protocol, Process process) {
    this.ready =
        Pattern.compile(
            (protocol == null ? "\\S+" : Pattern.quote(protocol)) + " listening on (.+):(\\d+)");
    this.process = process;
    Thread reader = new Thread(this::readStdout, "server-stdout");
    reader.setDaemon(true);
    reader.start();
  }

  /** {@code java <jvmArgs> <args>} with the JVM running these tests. */
  public static ServerProcess start(String protocol, List<String> javaArgs) throws IOException {
    return start(protocol, javaArgs, ProcessBuilder.Redirect.INHERIT);
  }

  /** As {@link #start(String, List)}, with the server's stderr (its log) written to a file. */
  public static ServerProcess start(String protocol, List<String> javaArgs, Path stderr)
      throws IOException {
    return start(protocol, javaArgs, ProcessBuilder.Redirect.to(stderr.toFile()));
  }

  private static ServerProcess start(
      String protocol, List<String> javaArgs, ProcessBuilder.Redirect stderr) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(javaArgs);
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.redirectError(stderr);
    return new ServerProcess(protocol, builder.start());
  }

  /** The server's process id. */
  public long pid() {
    return process.pid();
  }

  /** The server's memory now: resident set and its peak so far, from /proc (Linux). */
  public ProcessMemory memory() throws IOException {
    return ProcessMemory.of(process.pid());
  }

  /** Whether the server is still running. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * A server jar of any protocol: {@code java -jar JAR ARGS...}; any server id in the ready line.
   */
  public static ServerProcess startJar(Path jar, List<String> args) throws IOException {
    List<String> javaArgs = new ArrayList<>(List.of("-jar", jar.toString()));
    javaArgs.addAll(args);
    return start(null, javaArgs);
  }

  /** SIGKILL, as a crashed or killed server; waits until the process is gone. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /**
   * How long a server may take to say it is ready: a Spring Boot gateway started beside two
   * services and the build's other suites on 2 vCPUs took over 60 s (its services 42 s each).
   */
  static final int READY_S = 150;

  /** Waits for the ready line and returns the port it names. */
  public int awaitReadyPort() throws Exception {
    String line = firstLine.get(READY_S, TimeUnit.SECONDS);
    Matcher m = ready.matcher(line);
    if (!m.matches()) {
      throw new AssertionError("not a ready line: " + line);
    }
    return Integer.parseInt(m.group(2));
  }

  public String readyLine() throws Exception {
    return firstLine.get(60, TimeUnit.SECONDS);
  }

  /** SIGTERM, then the exit code. */
  public int terminate() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("server did not stop within 30 s of SIGTERM");
    }
    return process.exitValue();
  }

  public synchronized List<String> linesAfterReady() {
    return List.copyOf(otherLines);
  }

  private void readStdout() {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (!firstLine.complete(line)) {
          synchronized (this) {
            otherLines.add(line);
          }
        }
      }
      firstLine.completeExceptionally(new AssertionError("stdout closed before a ready line"));
    } catch (IOException e) {
      firstLine.completeExceptionally(e);
    }
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }
}
