package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.link.LinkShaper;
import io.rpcxbench.raw.RawContents;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.testsupport.ServerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract every protocol of the catalog must keep, run for each one automatically: adding a
 * protocol to the catalog adds it here. Servers are the real fat jars, started as the scripts start
 * them (port 0, ready line); clients are the plug-ins, driven directly and through the harness, in
 * this JVM and from the fat jar as users run it. Protocols that need an external server (a broker)
 * are covered by their own module.
 */
class CatalogContractIT {
  private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
  private static final Map<ServerLaunch, Running> SHARED = new HashMap<>();

  /** Shared servers started ahead of their protocol's tests: their ready line not awaited yet. */
  private static final Map<ServerLaunch, ServerProcess> SPAWNED = new HashMap<>();

  /** Per protocol, the server {@link #killedServer} kills, started ahead of its tests. */
  private static final Map<String, ServerProcess> TO_KILL = new HashMap<>();

  @TempDir Path out;

  /** A server process and the port it bound. */
  /** A server jar that answers on {@code port}; closing it kills the process. */
  record Running(ServerProcess process, int port) implements AutoCloseable {
    @Override
    public void close() {
      process.close();
    }
  }

  @AfterAll
  static void stopSharedServers() {
    SHARED.values().forEach(r -> r.process().close());
    // those whose tests did not take them
    SPAWNED.values().forEach(ServerProcess::close);
    TO_KILL.values().forEach(ServerProcess::close);
  }

  @TestFactory
  Stream<DynamicNode> everyProtocolKeepsTheContract() {
    List<ProtocolProvider> protocols =
        ProtocolCatalog.onClassPath().all().stream()
            .filter(p -> p.server().external().isEmpty())
            .toList();
    return IntStream.range(0, protocols.size())
        .mapToObj(
            i -> {
              ProtocolProvider p = protocols.get(i);
              // JUnit takes the containers one by one: the next protocol's servers start now,
              // beside this one's tests, and are ready (or nearly) by their turn
              spawnServersOf(p);
              if (i + 1 < protocols.size()) {
                spawnServersOf(protocols.get(i + 1));
              }
              return dynamicContainer(
                  p.id(),
                  List.of(
                      dynamicTest("every call, checked", () -> everyCall(p)),
                      dynamicTest(
                          "every call over a shaped link (link-shaper, cross-az)",
                          () -> overShapedLink(p)),
                      dynamicTest(
                          "a missing argument is rejected, the client goes on", () -> missing(p)),
                      dynamicTest("harness: echo, put, items", () -> harnessCalls(p)),
                      dynamicTest(
                          "the fat jar, as users run it: a hello point", () -> fatJarHello(p)),
                      dynamicTest("async forms, checked; --in-flight", () -> asyncCalls(p)),
                      dynamicTest("harness: server killed mid-point", () -> killedServer(p)),
                      dynamicTest("harness: unreachable server", () -> unreachable(p))));
            });
  }

  @TestFactory
  Stream<DynamicNode> everyServerHasTheKitsCommandLine() {
    return ProtocolCatalog.onClassPath().all().stream()
        .map(ProtocolProvider::server)
        .filter(s -> !s.jar().isEmpty())
        .distinct()
        .map(
            s ->
                dynamicContainer(
                    s.jar() + " " + s.args(),
                    List.of(
                        dynamicTest(
                            "bad port: exit 2",
                            () -> assertThat(exit(s, "--port", "70000")).isEqualTo(2)),
                        dynamicTest(
                            "unknown option: exit 2",
                            () -> assertThat(exit(s, "--no-such-option")).isEqualTo(2)),
                        dynamicTest("--help: exit 0", () -> assertThat(exit(s, "--help")).isZero()),
                        dynamicTest("busy port: exit 1", () -> busyPort(s)))));
  }

  /** Starts the JVMs of {@code p}'s shared server and of the one it kills, unless started. */
  private static synchronized void spawnServersOf(ProtocolProvider p) {
    if (!SHARED.containsKey(p.server()) && !SPAWNED.containsKey(p.server())) {
      SPAWNED.put(p.server(), spawn(p.server()));
    }
    if (!TO_KILL.containsKey(p.id())) {
      TO_KILL.put(p.id(), spawn(p.server()));
    }
  }

  private static synchronized Running shared(ProtocolProvider p) throws Exception {
    Running running = SHARED.get(p.server());
    if (running == null) {
      ServerProcess spawned = SPAWNED.remove(p.server());
      running = ready(spawned != null ? spawned : spawn(p.server()));
      SHARED.put(p.server(), running);
    }
    return running;
  }

  private static synchronized ServerProcess toKill(ProtocolProvider p) {
    ServerProcess spawned = TO_KILL.remove(p.id());
    return spawned != null ? spawned : spawn(p.server());
  }

  /** The server's JVM, started; its ready line is awaited by {@link #ready}. */
  private static ServerProcess spawn(ServerLaunch server) {
    List<String> args = new ArrayList<>(List.of("--bind", "127.0.0.1", "--port", "0"));
    args.addAll(server.args());
    try {
      return ServerProcess.startJar(jar(server), args);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Running ready(ServerProcess process) throws Exception {
    try {
      return new Running(process, process.awaitReadyPort());
    } catch (Exception | AssertionError e) {
      process.close(); // no ready line: a live process would hold this JVM's stderr open
      throw e;
    }
  }

  private static Path jar(ServerLaunch server) {
    Path jar = REPO.resolve(server.jar());
    assertThat(jar).as("the catalog's server jar").exists();
    return jar;
  }

  private static ClientOptions options(int port) {
    return new ClientOptions("127.0.0.1", port, Duration.ofSeconds(10), Duration.ofSeconds(5), 4);
  }

  private static void everyCall(ProtocolProvider p) throws Exception {
    try (BenchClient client = new Protocol(p).open(options(shared(p).port()))) {
      assertThat(client.hello("world")).isEqualTo("hello, world");
      for (int size : new int[] {0, 64, BenchContract.MAX_PAYLOAD}) {
        byte[] payload = new byte[size];
        new Random(size).nextBytes(payload);
        assertThat(client.echo(payload)).as("echo of %d bytes", size).isEqualTo(payload);
      }
      assertThat(
              client.put(
                  BenchContract.putKey("k", 1, BenchContract.DEFAULT_KEY_BYTES),
                  new byte[BenchContract.DEFAULT_VALUE_BYTES]))
          .isTrue();
      for (int n : new int[] {0, 10, 100}) {
        assertThat(client.items(n)).as("items(%d)", n).isEqualTo(BenchContract.items(n));
      }
      assertThat(client.describe()).isNotBlank();
    }
  }

  /** The link-shaper carries every protocol's calls: delay, jitter and rate change no byte. */
  private static void overShapedLink(ProtocolProvider p) throws Exception {
    InetSocketAddress server = new InetSocketAddress("127.0.0.1", shared(p).port());
    try (LinkShaper link = LinkShaper.onLoopback("cross-az", server);
        BenchClient client = new Protocol(p).open(options(link.address().getPort()))) {
      assertThat(client.hello("far")).isEqualTo("hello, far");
      byte[] payload = new byte[BenchContract.MAX_PAYLOAD];
      new Random(7).nextBytes(payload);
      assertThat(client.echo(payload)).isEqualTo(payload);
      assertThat(client.items(100)).isEqualTo(BenchContract.items(100));
    }
  }

  private static void missing(ProtocolProvider p) throws Exception {
    try (BenchClient client = new Protocol(p).open(options(shared(p).port()))) {
      assertThatThrownBy(() -> client.hello(null)).isInstanceOf(RuntimeException.class);
      assertThatThrownBy(() -> client.echo(null)).isInstanceOf(RuntimeException.class);
      assertThatThrownBy(() -> client.put(null, new byte[1])).isInstanceOf(RuntimeException.class);
      assertThatThrownBy(() -> client.items(BenchContract.MAX_ITEMS + 1))
          .isInstanceOf(RuntimeException.class);
      assertThat(client.hello("after")).isEqualTo("hello, after");
    }
  }

  /** The harness in this JVM: echo, put and items points (hello: {@link #fatJarHello}). */
  private void harnessCalls(ProtocolProvider p) throws Exception {
    int port = shared(p).port();
    for (String[] call :
        new String[][] {
          {"echo", "--payload", "300", "echo-p300-t3-r20.csv"},
          {"put", "put-p512-t3-r20.csv"},
          {"items", "--items", "10", "items-n10-t3-r20.csv"}
        }) {
      Path dir = out.resolve(call[0]);
      List<Object> a = new ArrayList<>(pointArgs(p, port, dir));
      a.add("--call");
      // the last word is the file name: payload and items are part of the point's identity
      a.addAll(List.of((Object[]) Arrays.copyOf(call, call.length - 1)));
      HarnessInvocation.Outcome o = HarnessInvocation.run(args(a.toArray()));
      assertThat(o.exitCode()).as(call[0] + ": " + o.err()).isZero();
      checkPoint(p, port, dir.resolve(p.id()).resolve(call[call.length - 1]), call[0]);
    }
  }

  /**
   * The hello point from the fat jar, as users run it, against the same server jar: this JVM has
   * the servers' libraries on its class path, and only the fat jar shows a client class that needs
   * one it does not carry (avro's NettyFrameGuard needed the kit's RateLimitedLog, and the avro
   * client failed there alone). {@code --paper}, as {@link HarnessInvocation#run}: the test checks
   * behaviour, a steady warm-up would only add seconds.
   */
  private void fatJarHello(ProtocolProvider p) throws Exception {
    Path harness = Path.of(System.getProperty("fatJar", "target/client-harness.jar"));
    assumeTrue(Files.exists(harness), "skipped: build the fat jar first (" + harness + ")");
    int port = shared(p).port();
    Path dir = out.resolve("fat-jar");
    Path stderr = out.resolve("fat-jar.err");
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-jar",
                harness.toString()));
    pointArgs(p, port, dir).forEach(a -> command.add(String.valueOf(a)));
    command.addAll(List.of("--call", "hello", "--paper"));
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(out.resolve("fat-jar.out").toFile())
            .redirectError(stderr.toFile())
            .start();
    boolean done = process.waitFor(120, TimeUnit.SECONDS);
    if (!done) {
      process.destroyForcibly();
    }
    String err = Files.readString(stderr, StandardCharsets.UTF_8);
    assertThat(done).as("the fat jar finished; stderr:%n%s", err).isTrue();
    assertThat(process.exitValue()).as(err).isZero();
    assertThat(err).doesNotContain("NoClassDefFoundError", "ClassNotFoundException");
    checkPoint(p, port, dir.resolve(p.id()).resolve("t3-r20.csv"), "hello");
  }

  /** A point of 3 threads x 20 calls, 2 runs, against {@code port}, written under {@code dir}. */
  private static List<Object> pointArgs(ProtocolProvider p, int port, Path dir) {
    return List.of(
        "--protocol",
        p.id(),
        "--threads",
        3,
        "--requests",
        20,
        "--runs",
        2,
        "--port",
        p.id() + "=" + port,
        "--out",
        dir,
        "--timeout",
        "10s");
  }

  /** A point's file: complete, no errors, the call and target in it, no temp file beside it. */
  private static void checkPoint(ProtocolProvider p, int port, Path file, String call)
      throws IOException {
    RawContents c = RawFileChecks.checkComplete(file, new Protocol(p), 3, 20, 2, 60);
    assertThat(c.rows()).allSatisfy(r -> assertThat(r.errors()).isZero());
    assertThat(c.provenance())
        .containsEntry("call", call)
        .containsEntry("target", "127.0.0.1:" + port);
    try (var files = Files.list(file.getParent())) {
      assertThat(files).containsExactly(file); // no temp file left behind
    }
  }

  /** The async forms (real ones or the blocking defaults) and the in-flight model over them. */
  private void asyncCalls(ProtocolProvider p) throws Exception {
    Duration wait = Duration.ofSeconds(10);
    boolean async;
    try (BenchClient client = new Protocol(p).open(options(shared(p).port()))) {
      async = client.isAsync();
      List<CompletableFuture<String>> hellos = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        hellos.add(client.helloAsync("a" + i));
      }
      for (int i = 0; i < 20; i++) {
        assertThat(hellos.get(i)).succeedsWithin(wait).isEqualTo("hello, a" + i);
      }
      byte[] payload = new byte[300];
      new Random(3).nextBytes(payload);
      assertThat(client.echoAsync(payload)).succeedsWithin(wait).isEqualTo(payload);
      assertThat(
              client.putAsync(
                  BenchContract.putKey("ka", 1, BenchContract.DEFAULT_KEY_BYTES), new byte[8]))
          .succeedsWithin(wait)
          .isEqualTo(true);
      assertThat(client.itemsAsync(10)).succeedsWithin(wait).isEqualTo(BenchContract.items(10));
      // a failure fails the future, it is not thrown
      CompletableFuture<String> missing = client.helloAsync(null);
      assertThat(missing).failsWithin(wait);
      assertThat(client.helloAsync("after")).succeedsWithin(wait).isEqualTo("hello, after");
    }
    Path dir = out.resolve("in-flight");
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args(
                "--protocol",
                p.id(),
                "--in-flight",
                4,
                "--requests",
                10,
                "--runs",
                1,
                "--port",
                p.id() + "=" + shared(p).port(),
                "--out",
                dir,
                "--timeout",
                "10s"));
    assertThat(o.exitCode()).as(o.err()).isZero();
    RawContents c =
        RawFileChecks.checkComplete(
            dir.resolve(p.id()).resolve("inflight-n4-r10.csv"), new Protocol(p), 4, 10, 1, 40);
    assertThat(c.rows()).allSatisfy(r -> assertThat(r.errors()).isZero());
    assertThat(c.provenance().get("calls_issued_by")).startsWith(async ? "async API" : "4 threads");
  }

  /**
   * The server is killed once order 0 is done. It is closed whatever happens (a harness that fails
   * before order 0 never kills it, and a live server would hold this JVM's stderr open so that
   * Maven hangs after the tests). {@code --timeout 10s}: the probe meets a cold server JVM on a
   * loaded box; calls after the kill fail at once (refused or reset), not at the deadline.
   */
  private void killedServer(ProtocolProvider p) throws Exception {
    try (Running dying = ready(toKill(p))) {
      AtomicReference<CompletableFuture<Void>> killing = new AtomicReference<>();
      // Order 0 done: kill the server while order 1 runs; order 2 surely meets a dead server.
      HarnessInvocation.Outcome o =
          HarnessInvocation.run(
              line -> {
                if (line.contains("order 0/")) {
                  killing.set(
                      CompletableFuture.runAsync(
                          () -> {
                            try {
                              dying.process().kill();
                            } catch (InterruptedException e) {
                              Thread.currentThread().interrupt();
                            }
                          }));
                } else if (line.contains("order 1/") && killing.get() != null) {
                  killing.get().join();
                }
              },
              args(
                  "--protocol",
                  p.id(),
                  "--threads",
                  2,
                  "--requests",
                  200,
                  "--runs",
                  3,
                  "--port",
                  p.id() + "=" + dying.port(),
                  "--out",
                  out.resolve("killed"),
                  "--timeout",
                  "10s"));
      assertThat(o.exitCode()).as(o.err()).isEqualTo(1);
      assertThat(killing.get()).as("order 0 finished: " + o.err()).isNotNull();
      RawContents c =
          RawFileChecks.checkComplete(
              out.resolve("killed").resolve(p.id()).resolve("t2-r200.csv"),
              new Protocol(p),
              2,
              200,
              3,
              400);
      assertThat(c.rows().get(0).errors()).isZero();
      assertThat(c.rows().get(2).errors()).isEqualTo(400);
      assertThat(o.err()).contains("first error:");
    }
  }

  private void unreachable(ProtocolProvider p) throws IOException {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0)) {
      closedPort = s.getLocalPort();
    }
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args(
                "--protocol",
                p.id(),
                "--threads",
                2,
                "--requests",
                10,
                "--port",
                p.id() + "=" + closedPort,
                "--out",
                out.resolve("unreachable")));
    assertThat(o.exitCode()).isEqualTo(1);
    assertThat(o.err())
        // "cannot reach ..." after the probe, or "cannot create the ... client" from a client
        // that connects in open(): either way one line naming the server and the reason
        .contains(p.id() + " server at 127.0.0.1:" + closedPort + ": connection ")
        .doesNotContain("\tat ");
    assertThat(out.resolve("unreachable")).doesNotExist();
  }

  private static int exit(ServerLaunch server, String... args) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar",
                jar(server).toString()));
    command.addAll(List.of(args));
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    if (!process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError(server.jar() + " " + String.join(" ", args) + " did not exit");
    }
    return process.exitValue();
  }

  private static void busyPort(ServerLaunch server) throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      List<String> args =
          new ArrayList<>(
              List.of("--bind", "127.0.0.1", "--port", String.valueOf(taken.getLocalPort())));
      args.addAll(server.args());
      assertThat(exit(server, args.toArray(String[]::new))).isEqualTo(1);
    }
  }
}
