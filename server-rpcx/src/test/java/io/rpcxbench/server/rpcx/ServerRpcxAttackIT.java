package io.rpcxbench.server.rpcx;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.rpcx.RpcxClientFactory;
import io.rpcxbench.rpcx.wire.Parameter;
import io.rpcxbench.rpcx.wire.ParameterType;
import io.rpcxbench.rpcx.wire.RpcxRequest;
import io.rpcxbench.testsupport.AttackLine;
import io.rpcxbench.testsupport.Await;
import io.rpcxbench.testsupport.HonestCaller;
import io.rpcxbench.testsupport.HostileClient;
import io.rpcxbench.testsupport.ProcessMemory;
import io.rpcxbench.testsupport.ServerProcess;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The attacks of issue 12 against the real fat jar in a small JVM (-Xmx128m, 96 MiB of direct
 * memory), each while an honest client keeps calling: the honest client must get every reply right
 * and the server's memory must stay bounded. Sizes that would make a test slow (a 20,000-connection
 * flood) run smaller, with the limit lowered to match. Each test prints its figures.
 */
class ServerRpcxAttackIT {
  private static final String HOST = "127.0.0.1";
  private static final int HEAP_MIB = 128;
  private static final int DIRECT_MIB = 96;

  /** What the JVM may take besides heap and direct memory (code, metaspace, threads, GC). */
  private static final int OVERHEAD_MIB = 160;

  @TempDir Path dir;
  private final List<AutoCloseable> open = new ArrayList<>();
  private ServerProcess server;
  private Path log;

  @AfterEach
  void stop() throws Exception {
    for (AutoCloseable c : open) {
      c.close();
    }
    if (server != null) {
      server.close();
    }
  }

  private int start(String... limits) throws Exception {
    log = dir.resolve("server.log");
    List<String> args =
        new ArrayList<>(
            List.of(
                "-Xmx" + HEAP_MIB + "m",
                "-XX:MaxDirectMemorySize=" + DIRECT_MIB + "m",
                "-jar",
                Path.of("target", "server-rpcx.jar").toString(),
                "--bind",
                HOST,
                "--port",
                "0"));
    args.addAll(Arrays.asList(limits));
    server = ServerProcess.start("rpcx", args, log);
    return server.awaitReadyPort();
  }

  private BenchService client(int port) {
    RpcxClientFactory clients =
        RpcxClientFactory.builder()
            .property("rpcx.port", String.valueOf(port))
            .callTimeout(Duration.ofSeconds(10))
            .build();
    open.add(clients);
    return clients.create(BenchService.class);
  }

  private HonestCaller honest(BenchService bench) {
    AtomicLong n = new AtomicLong();
    HonestCaller caller =
        HonestCaller.start(
            () -> {
              String name = "n" + n.incrementAndGet();
              return bench.hello(name).equals("hello, " + name);
            });
    open.add(0, caller);
    return caller;
  }

  private HostileClient attacker(int port) {
    HostileClient attack = new HostileClient(HOST, port);
    open.add(attack);
    return attack;
  }

  private long logLines(String containing) throws IOException {
    return Files.readAllLines(log).stream().filter(l -> l.contains(containing)).count();
  }

  /**
   * The established connections to the server's {@code port} on this host, as {@code /proc/net/tcp}
   * and {@code tcp6} show them (a connection the server closed is no longer {@code 01},
   * ESTABLISHED, at either end).
   */
  private static long establishedTo(int port) {
    String server = String.format(":%04X", port);
    long count = 0;
    for (String file : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      try {
        for (String line : Files.readAllLines(Path.of(file))) {
          String[] f = line.trim().split("\\s+");
          if (f.length > 3
              && f[3].equals("01")
              && (f[1].endsWith(server) || f[2].endsWith(server))) {
            count++;
          }
        }
      } catch (IOException e) {
        // no such file: IPv4 or IPv6 only
      }
    }
    return count;
  }

  private void assertMemoryBounded(ProcessMemory memory) {
    assertThat(server.isAlive()).isTrue();
    assertThat(memory.peakMib()).isLessThan(HEAP_MIB + DIRECT_MIB + OVERHEAD_MIB);
  }

  private static byte[] frame(RpcxRequest request) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    request.writeDelimitedTo(out);
    return out.toByteArray();
  }

  private static RpcxRequest echo(int bytes) {
    return RpcxRequest.newBuilder()
        .setId(1)
        .setService(BenchContract.SERVICE)
        .setMethod(BenchContract.ECHO)
        .addParameters(
            Parameter.newBuilder()
                .setType(ParameterType.BYTES)
                .setBytesValue(ByteString.copyFrom(new byte[bytes])))
        .build();
  }

  private static void print(String attack, HonestCaller honest, ProcessMemory memory, String more) {
    AttackLine.printf(
        "%s: honest client %d/%d calls served, server RSS peak %d MiB%s",
        attack, honest.ok(), honest.ok() + honest.failed(), memory.peakMib(), more);
  }

  /** Finding 1: 300 connections each holding most of a 1 MiB frame. */
  @Test
  void heldPartialFramesDoNotStarveAnHonestClient() throws Exception {
    int port = start("--frame-deadline", "5s");
    HonestCaller honest = honest(client(port));
    honest.awaitCalls(100);
    byte[] whole = frame(echo(BenchContract.MAX_PAYLOAD));
    byte[] partial = Arrays.copyOf(whole, whole.length - 1024);

    HostileClient attack = attacker(port);
    int before = honest.ok();
    assertThat(attack.open(300, partial)).isEqualTo(300);
    honest.awaitCalls(before + 2000);
    ProcessMemory memory = server.memory();
    int closedByBudget = attack.closedByServer();

    assertThat(honest.failed()).as(honest.firstFailure()).isZero();
    assertMemoryBounded(memory);
    // the budget closed most at once; the deadline ends the rest
    assertThat(attack.awaitClosedByServer(Duration.ofSeconds(20))).isEqualTo(300);
    assertThat(logLines("--max-buffered")).isBetween(1L, 3L);
    print(
        "300 held partial 1 MiB frames",
        honest,
        memory,
        ", " + closedByBudget + " closed by the budget at once, the rest by the 5 s deadline");
  }

  /** Finding 1: idle connections are closed after the idle timeout; active ones are not. */
  @Test
  void idleConnectionsAreClosedAfterTheIdleTimeout() throws Exception {
    int port = start("--idle-timeout", "1s");
    BenchService bench = client(port);
    HonestCaller honest = honest(bench);
    HostileClient attack = attacker(port);
    attack.open(20, new byte[0]);

    assertThat(attack.awaitClosedByServer(Duration.ofSeconds(10))).isEqualTo(20);
    honest.awaitCalls(2000);
    honest.close();
    assertThat(honest.failed()).as(honest.firstFailure()).isZero();
    // the honest client idles past the timeout too: its next call opens a new connection
    Await.until(
        "the server closed the honest client's idle connection",
        Duration.ofSeconds(30),
        () -> establishedTo(port) == 0);
    assertThat(bench.hello("again")).isEqualTo("hello, again");
    print("20 idle connections, --idle-timeout 1s", honest, server.memory(), ", 20/20 closed");
  }

  /** Finding 1: a slow sender that keeps a frame unfinished (and is never idle) is cut off. */
  @Test
  void anUnfinishedFrameMeetsItsDeadline() throws Exception {
    int port = start("--frame-deadline", "1s", "--idle-timeout", "0");
    HonestCaller honest = honest(client(port));
    byte[] whole = frame(echo(100));
    HostileClient attack = attacker(port);
    attack.open(20, Arrays.copyOf(whole, 10));

    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (attack.closedByServer() < 20 && System.nanoTime() < deadline) {
      attack.sendMore(new byte[] {0}); // one byte every 100 ms: never idle, never finished
      Thread.sleep(100); // the slow sender's pace is the behaviour under test
    }
    assertThat(attack.closedByServer()).isEqualTo(20);
    honest.awaitCalls(2000);
    assertThat(honest.failed()).as(honest.firstFailure()).isZero();
    assertThat(logLines("--frame-deadline")).isBetween(1L, 2L);
    print("20 slow senders, --frame-deadline 1s", honest, server.memory(), ", 20/20 closed");
  }

  /** Finding 1: a connection flood (20k at full scale) is cut at the cap, logged once. */
  @Test
  void connectionsPastTheCapAreClosedAndLoggedOncePerBurst() throws Exception {
    int port = start("--max-connections", "50", "--idle-timeout", "0");
    HonestCaller honest = honest(client(port)); // connected before the flood: 1 of the 50
    honest.awaitCalls(10);
    HostileClient attack = attacker(port);
    attack.open(200, new byte[0]);

    assertThat(attack.awaitClosedByServer(Duration.ofSeconds(5))).isEqualTo(151);
    BenchService late = client(port);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> late.hello("late"))
        .hasMessageContaining("UNAVAILABLE");
    attack.release(10);
    long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    String reply = null;
    while (reply == null && System.nanoTime() < until) {
      try {
        reply = late.hello("late");
      } catch (RuntimeException e) {
        Thread.sleep(50); // refused while at the cap, then the client's backoff
      }
    }
    assertThat(reply).isEqualTo("hello, late");
    int before = honest.ok();
    honest.awaitCalls(before + 2000);
    assertThat(honest.failed()).as(honest.firstFailure()).isZero();
    assertThat(logLines("closing new connections")).isEqualTo(1);
    assertThat(logLines("below the cap again")).isEqualTo(1);
    print(
        "200 connections against --max-connections 50",
        honest,
        server.memory(),
        ", 151 closed at accept, 2 log lines");
  }

  /** Finding 1: 10,000 echoes of 64 KiB whose replies are never read. */
  @Test
  void unreadRepliesStopTheReadingNotTheServer() throws Exception {
    int port = start();
    HonestCaller honest = honest(client(port));
    byte[] request = frame(echo(64 * 1024));
    AtomicLong written = new AtomicLong();
    Socket greedy = new Socket();
    open.add(greedy);
    greedy.connect(new InetSocketAddress(HOST, port));
    Thread writer =
        new Thread(
            () -> {
              try {
                OutputStream out = greedy.getOutputStream();
                for (int i = 0; i < 10_000; i++) {
                  out.write(request);
                  written.addAndGet(request.length);
                }
              } catch (IOException e) {
                // closed at the end of the test
              }
            });
    writer.setDaemon(true);
    writer.start();
    int before = honest.ok();
    honest.awaitCalls(before + 2000);
    // the writer is stalled: what it has written stops growing
    Await.quiet(
        "the bytes the greedy writer wrote",
        Duration.ofMillis(500),
        Duration.ofSeconds(30),
        written::get);
    ProcessMemory memory = server.memory();

    assertThat(honest.failed()).as(honest.firstFailure()).isZero();
    assertMemoryBounded(memory);
    assertThat(written.get()).isLessThan(10_000L * request.length / 10);
    print(
        "10,000 x 64 KiB echoes, replies unread",
        honest,
        memory,
        ", the attacker could send only " + written.get() / (1024 * 1024) + " MiB of 640 MiB");
  }

  /** A frame of 8.4 M empty parameters, at the default frame limit and at a raised one. */
  private static byte[] emptyParameters(int frameBytes) throws IOException {
    RpcxRequest header =
        RpcxRequest.newBuilder()
            .setId(1)
            .setService(BenchContract.SERVICE)
            .setMethod(BenchContract.ECHO)
            .build();
    int parameters = (frameBytes - header.getSerializedSize()) / 2;
    int size = header.getSerializedSize() + 2 * parameters;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(size + 8);
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    out.writeUInt32NoTag(size);
    header.writeTo(out);
    for (int i = 0; i < parameters; i++) {
      out.writeTag(4, 2); // field 4 (parameters), length-delimited
      out.writeUInt32NoTag(0); // an empty Parameter
    }
    out.flush();
    return bytes.toByteArray();
  }

  /** Finding 2, at the default --max-frame: the frame is refused by its length. */
  @Test
  void aFrameOfEmptyParametersIsRefusedByItsLength() throws Exception {
    int port = start();
    assertEmptyParameterFramesRejected(port, "exceeds the maximum");
  }

  /** Finding 2, with --max-frame raised to 16 MiB: the scan refuses it before allocating. */
  @Test
  void aFrameOfEmptyParametersIsRefusedBeforeAllocation() throws Exception {
    int port = start("--max-frame", "16MiB");
    assertEmptyParameterFramesRejected(port, "more than 255 parameters");
  }

  private void assertEmptyParameterFramesRejected(int port, String reason) throws Exception {
    HonestCaller honest = honest(client(port));
    byte[] bomb = emptyParameters(16 * 1024 * 1024);
    int before = honest.ok();
    for (int i = 0; i < 20; i++) {
      try (Socket socket = new Socket(HOST, port)) {
        try {
          socket.getOutputStream().write(bomb);
        } catch (IOException e) {
          // closed while we wrote: what the test wants
        }
        assertThat(readToEnd(socket)).as("no reply, the connection closed").isZero();
      }
    }
    honest.awaitCalls(before + 2000);
    ProcessMemory memory = server.memory();
    assertThat(honest.failed()).as(honest.firstFailure()).isZero();
    assertMemoryBounded(memory);
    assertThat(logLines(reason)).isBetween(1L, 2L);
    assertThat(logLines("invalid tag")).isZero();
    assertThat(logLines("OutOfMemory")).isZero();
    print(
        "20 frames of 8.4 M empty parameters (" + reason + ")",
        honest,
        memory,
        ", " + logLines("closing the connection") + " log line(s)");
  }

  /** A decode error closes the connection; a good request after the bad bytes is not answered. */
  @Test
  void aDecodeErrorClosesTheConnectionWithNoFurtherDecoding() throws Exception {
    int port = start();
    HonestCaller honest = honest(client(port));
    byte[] garbage = {0x03, (byte) 0xff, (byte) 0xff, (byte) 0xff};
    byte[] good = frame(echo(10));
    ByteArrayOutputStream both = new ByteArrayOutputStream();
    both.write(garbage);
    both.write(good);
    try (Socket socket = new Socket(HOST, port)) {
      socket.getOutputStream().write(both.toByteArray());
      assertThat(readToEnd(socket)).as("no reply to the good request after the garbage").isZero();
    }
    honest.awaitCalls(honest.ok() + 500);
    assertThat(honest.failed()).isZero();
    assertThat(logLines("malformed")).isEqualTo(1);
  }

  /** Bytes read until the server ends the connection (at most 10 s). */
  private static int readToEnd(Socket socket) throws IOException {
    socket.setSoTimeout(10_000);
    InputStream in = socket.getInputStream();
    int total = 0;
    try {
      int n;
      byte[] buffer = new byte[8192];
      while ((n = in.read(buffer)) > 0) {
        total += n;
      }
    } catch (java.net.SocketException e) {
      // reset: ended too
    }
    return total;
  }
}
