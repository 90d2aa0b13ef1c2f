package io.rpcxbench.protocols.resp;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.serverkit.RunningServer;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * A real redis-server as this JVM's child, for the reference variants: {@code redis-server --port P
 * --bind ADDR --save '' --appendonly no ...}, not daemonized, so that it lives and dies with the
 * server jar. Started on a port of its own choosing when asked for port 0; ready once it answers
 * {@code PING}; its log lines go to our stderr (stdout is the kit's ready line). {@link #close()}
 * sends {@code SHUTDOWN NOSAVE}, then SIGTERM, then SIGKILL. Where util-linux's {@code setpriv} is
 * installed, the child also gets SIGKILL when this JVM dies without stopping it (SIGKILL to the JVM
 * alone), so no orphan keeps the port.
 *
 * <pre>{@code
 * try (RedisServerChild redis = RedisServerChild.start("127.0.0.1", 0, code -> {})) {
 *   // redis-cli -p <redis.port()> PING
 * }
 * }</pre>
 */
final class RedisServerChild implements RunningServer {
  static final String EXECUTABLE = "redis-server";

  private static final Duration READY_WITHIN = Duration.ofSeconds(10);
  private static final Duration STOP_WITHIN = Duration.ofSeconds(5);
  private static final int PING_TIMEOUT_MS = 500;
  private static final int LINES_KEPT = 20;

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
  private final String pingHost;
  private final Deque<String> lastLines;
  private final Thread output;
  private volatile boolean stopping;

  private RedisServerChild(
      Process process, int port, String pingHost, Deque<String> lastLines, Thread output) {
    this.process = process;
    this.port = port;
    this.pingHost = pingHost;
    this.lastLines = lastLines;
    this.output = output;
  }

  /**
   * Starts redis-server on {@code bind:port} and returns once it answers PING.
   *
   * @param onUnexpectedExit called with its exit code if it exits before {@link #close()}
   * @throws StartFailure redis-server is not on the PATH, exited, or stayed silent
   * @throws BindException the port is busy
   */
  static RedisServerChild start(String bind, int port, IntConsumer onUnexpectedExit)
      throws Exception {
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
    command.addAll(arguments(executable, bind, chosen));
    Process process = spawn(new ProcessBuilder(command).redirectErrorStream(true));
    Deque<String> lastLines = new ArrayDeque<>();
    Thread output = new Thread(() -> forward(process, lastLines), "redis-server-output");
    output.setDaemon(true);
    output.start();
    RedisServerChild child =
        new RedisServerChild(process, chosen, pingHost(bind), lastLines, output);
    child.awaitReady();
    process
        .onExit()
        .thenAccept(
            exited -> {
              if (!child.stopping) {
                onUnexpectedExit.accept(exited.exitValue());
              }
            });
    return child;
  }

  /** redis-server's command line: no persistence, not daemonized, the contract's payload bound. */
  static List<String> arguments(Path executable, String bind, int port) {
    return List.of(
        executable.toString(),
        "--port",
        String.valueOf(port),
        "--bind",
        bind,
        "--save",
        "",
        "--appendonly",
        "no",
        "--daemonize",
        "no",
        // the benchmark's clients come from host A: no loopback-only protection
        "--protected-mode",
        "no",
        // a bulk string over the contract's 1 MiB is a protocol error (Redis's minimum setting)
        "--proto-max-bulk-len",
        String.valueOf(BenchContract.MAX_PAYLOAD),
        "--dir",
        System.getProperty("java.io.tmpdir"),
        "--loglevel",
        "warning");
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
    sendQuietly("SHUTDOWN NOSAVE\r\n");
    if (!waitFor(STOP_WITHIN)) {
      process.destroy();
      if (!waitFor(STOP_WITHIN)) {
        process.destroyForcibly();
        waitFor(STOP_WITHIN);
      }
    }
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
            EXECUTABLE + " did not answer PING on " + pingHost + ":" + port + " within 10 s");
      }
      Thread.sleep(20);
    }
  }

  private Exception exitedBeforeReady() throws InterruptedException {
    stopping = true;
    output.join(TimeUnit.SECONDS.toMillis(2)); // the last lines, which say why
    List<String> lines;
    synchronized (lastLines) {
      lines = List.copyOf(lastLines);
    }
    if (lines.stream().anyMatch(l -> l.contains("Address already in use"))) {
      return new BindException("Address already in use");
    }
    String last = lines.isEmpty() ? "no output" : lines.get(lines.size() - 1);
    return new StartFailure(
        EXECUTABLE + " exited with code " + process.exitValue() + " before it was ready: " + last);
  }

  private boolean answersPing() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(pingHost, port), PING_TIMEOUT_MS);
      socket.setSoTimeout(PING_TIMEOUT_MS);
      socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
      BufferedReader in =
          new BufferedReader(
              new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
      return "+PONG".equals(in.readLine());
    } catch (IOException notYet) {
      return false;
    }
  }

  private void sendQuietly(String inlineCommand) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(pingHost, port), PING_TIMEOUT_MS);
      OutputStream out = socket.getOutputStream();
      out.write(inlineCommand.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      socket.setSoTimeout((int) STOP_WITHIN.toMillis());
      socket.getInputStream().read(); // SHUTDOWN answers by closing
    } catch (IOException gone) {
      // already stopped, or stopping: the waits below tell
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

  /** Copies the child's output to our stderr, keeping the last lines for error messages. */
  private static void forward(Process process, Deque<String> lastLines) {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        System.err.println(EXECUTABLE + ": " + line);
        synchronized (lastLines) {
          lastLines.addLast(line);
          if (lastLines.size() > LINES_KEPT) {
            lastLines.removeFirst();
          }
        }
      }
    } catch (IOException closed) {
      // the child is gone
    }
  }

  /** A port free on {@code bind} now, for redis-server, which cannot choose one itself. */
  private static int freePort(String bind) throws IOException {
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(bind))) {
      return probe.getLocalPort();
    }
  }

  /** Where to PING it: the bind address, or loopback when it listens on every address. */
  private static String pingHost(String bind) throws IOException {
    InetAddress address = InetAddress.getByName(bind);
    if (!address.isAnyLocalAddress()) {
      return address.getHostAddress();
    }
    return address instanceof java.net.Inet6Address ? "::1" : "127.0.0.1";
  }
}
