package io.rpcxbench.protocols.resp;

import io.rpcxbench.serverkit.RunningServer;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.stream.Stream;

/**
 * A real redis-server as this JVM's child, for the reference variants: {@code redis-server --port P
 * --bind ADDR --save '' --appendonly no ...} ({@link RedisConfig}: the kit's limits as its
 * settings, the kit's TLS as its {@code tls-port}), not daemonized, so that it lives and dies with
 * the server jar. Started on a port of its own choosing when asked for port 0; ready once it
 * answers {@code PING} on its admin Unix socket (a private folder, owner only: no TLS, no client
 * certificate needed); its log lines go to our stderr (stdout is the kit's ready line), each kind
 * at most once per 10 s ({@link ChildLog}). {@link #close()} sends {@code SHUTDOWN NOSAVE} on that
 * socket, then SIGTERM, then SIGKILL. Where util-linux's {@code setpriv} is installed, the child
 * also gets SIGKILL when this JVM dies without stopping it (SIGKILL to the JVM alone), so no orphan
 * keeps the port.
 *
 * <pre>{@code
 * try (RedisServerChild redis = RedisServerChild.start("127.0.0.1", 0, code -> {})) {
 *   // redis-cli -p <redis.port()> PING
 * }
 * }</pre>
 */
final class RedisServerChild implements RunningServer {
  static final String EXECUTABLE = "redis-server";

  /** The admin Unix socket's name in the child's private folder. */
  static final String ADMIN_SOCKET = "admin.sock";

  private static final Duration READY_WITHIN = Duration.ofSeconds(10);
  private static final Duration STOP_WITHIN = Duration.ofSeconds(5);
  private static final Duration PING_TIMEOUT = Duration.ofMillis(500);

  /** redis-server could not be started; its message is the whole story. */
  static final class StartFailure extends Exception {
    private static final long serialVersionUID = 1L;

    StartFailure(String message) {
      super(message);
    }

    @Override
    public String toString() {
      return getMessage(); // the kit prints "ID: cannot start: " + this
    }
  }

  private final Process process;
  private final int port;
  private final Path dir;
  private final ChildLog log;
  private final Thread output;
  private final java.util.Optional<String> tlsStack;
  private volatile boolean stopping;

  private RedisServerChild(
      Process process,
      int port,
      Path dir,
      ChildLog log,
      Thread output,
      java.util.Optional<String> tlsStack) {
    this.tlsStack = tlsStack;
    this.process = process;
    this.port = port;
    this.dir = dir;
    this.log = log;
    this.output = output;
  }

  /** As below, with the kit's default limits, plaintext. */
  static RedisServerChild start(String bind, int port, IntConsumer onUnexpectedExit)
      throws Exception {
    return start(bind, port, RedisConfig.defaults(), onUnexpectedExit);
  }

  /**
   * Starts redis-server on {@code bind:port} and returns once it answers PING.
   *
   * @param onUnexpectedExit called with its exit code if it exits before {@link #close()}
   * @throws StartFailure redis-server is not on the PATH, exited, or stayed silent
   * @throws BindException the port is busy
   */
  static RedisServerChild start(
      String bind, int port, RedisConfig config, IntConsumer onUnexpectedExit) throws Exception {
    String path = System.getenv("PATH");
    Path executable =
        find(EXECUTABLE, path)
            .orElseThrow(
                () ->
                    new StartFailure(
                        EXECUTABLE
                            + " is not on the PATH; install it (Debian: apt-get install"
                            + " redis-server) or drop --backend redis-server"));
    int chosen = port != 0 ? port : freePort(bind);
    List<String> command = new ArrayList<>();
    find("setpriv", path)
        .ifPresent(p -> command.addAll(List.of(p.toString(), "--pdeathsig", "KILL")));
    Path dir = privateFolder();
    command.addAll(config.arguments(executable, bind, chosen, dir));
    Process process;
    try {
      process = spawn(new ProcessBuilder(command).redirectErrorStream(true));
    } catch (Exception e) {
      deleteQuietly(dir);
      throw e;
    }
    ChildLog log = new ChildLog(EXECUTABLE, System.err);
    Thread output = new Thread(() -> log.forward(process.getInputStream()), "redis-server-output");
    output.setDaemon(true);
    output.start();
    RedisServerChild child =
        new RedisServerChild(process, chosen, dir, log, output, config.tlsStack());
    try {
      child.awaitReady();
    } catch (Exception e) {
      deleteQuietly(dir);
      throw e;
    }
    process
        .onExit()
        .thenAccept(
            exited -> {
              if (!child.stopping) {
                deleteQuietly(dir);
                onUnexpectedExit.accept(exited.exitValue());
              }
            });
    return child;
  }

  /** The first executable {@code name} in the {@code PATH} string's directories. */
  static Optional<Path> find(String name, String path) {
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty()) {
        Path candidate = Path.of(dir, name);
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    return Optional.empty();
  }

  @Override
  public int port() {
    return port;
  }

  /** redis-server's own TLS (OpenSSL), not the JDK's. */
  @Override
  public java.util.Optional<String> tlsStack() {
    return tlsStack;
  }

  /** The admin Unix socket (plaintext, owner only), for tests: {@code CONFIG GET}. */
  Path adminSocket() {
    return dir.resolve(ADMIN_SOCKET);
  }

  /** The child's pid, for tests. */
  long pid() {
    return process.pid();
  }

  /** {@code SHUTDOWN NOSAVE}, then SIGTERM, then SIGKILL, each given a few seconds. */
  @Override
  public synchronized void close() {
    if (stopping && !process.isAlive()) {
      return;
    }
    stopping = true;
    sendQuietly("SHUTDOWN NOSAVE");
    if (!waitFor(STOP_WITHIN)) {
      process.destroy();
      if (!waitFor(STOP_WITHIN)) {
        process.destroyForcibly();
        waitFor(STOP_WITHIN);
      }
    }
    deleteQuietly(dir);
  }

  /**
   * Spawns from a thread that lives exactly as long as the child: Linux sends the parent-death
   * signal when the spawning thread ends, not the process.
   */
  private static Process spawn(ProcessBuilder builder) throws Exception {
    CompletableFuture<Process> started = new CompletableFuture<>();
    Thread parent =
        new Thread(
            () -> {
              try {
                Process process = builder.start();
                started.complete(process);
                process.waitFor();
              } catch (IOException | RuntimeException e) {
                started.completeExceptionally(e);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "redis-server-parent");
    parent.setDaemon(true);
    parent.start();
    try {
      return started.get();
    } catch (ExecutionException e) {
      throw new StartFailure("cannot run " + EXECUTABLE + ": " + e.getCause().getMessage());
    }
  }

  private void awaitReady() throws Exception {
    long deadline = System.nanoTime() + READY_WITHIN.toNanos();
    while (true) {
      if (!process.isAlive()) {
        throw exitedBeforeReady();
      }
      if (answersPing()) {
        return;
      }
      if (System.nanoTime() - deadline > 0) {
        stopping = true;
        process.destroyForcibly();
        throw new StartFailure(
            EXECUTABLE + " did not answer PING on " + adminSocket() + " within 10 s");
      }
      Thread.sleep(20);
    }
  }

  private Exception exitedBeforeReady() throws InterruptedException {
    stopping = true;
    output.join(TimeUnit.SECONDS.toMillis(2)); // the last lines, which say why
    List<String> lines = log.lastLines();
    if (lines.stream().anyMatch(l -> l.contains("Address already in use"))) {
      return new BindException("Address already in use");
    }
    String last = lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
    return new StartFailure(
        EXECUTABLE + " exited with code " + process.exitValue() + " before it was ready: " + last);
  }

  private boolean answersPing() {
    try {
      return "+PONG".equals(AdminSocket.send(adminSocket(), "PING", PING_TIMEOUT));
    } catch (IOException notYet) {
      return false;
    }
  }

  private void sendQuietly(String inlineCommand) {
    try {
      AdminSocket.send(adminSocket(), inlineCommand, STOP_WITHIN); // SHUTDOWN answers by closing
    } catch (IOException gone) {
      // already stopped, stopping, or at maxclients: the waits below tell
    }
  }

  private boolean waitFor(Duration duration) {
    try {
      return process.waitFor(duration.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !process.isAlive();
    }
  }

  /** A port free on {@code bind} now, for redis-server, which cannot choose one itself. */
  private static int freePort(String bind) throws IOException {
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(bind))) {
      return probe.getLocalPort();
    }
  }

  /** The child's working folder and admin socket's folder, readable by this user only. */
  private static Path privateFolder() throws IOException {
    return Files.createTempDirectory(
        "rpcx-bench-redis-",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
  }

  private static void deleteQuietly(Path dir) {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | UncheckedIOException leftBehind) {
      // a temporary folder of a few bytes
    }
  }
}
