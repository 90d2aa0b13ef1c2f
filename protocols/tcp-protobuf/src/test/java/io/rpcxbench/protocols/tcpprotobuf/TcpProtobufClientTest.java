package io.rpcxbench.protocols.tcpprotobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeout;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.protocols.tcpprotobuf.TcpProtobufException.Code;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The plug-in's client against the real server on loopback, port 0. */
class TcpProtobufClientTest {
  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

  /** Well under CALL_TIMEOUT: a call that fails within it did not wait for its deadline. */
  private static final Duration NO_HANG = Duration.ofSeconds(15);

  private final List<AutoCloseable> toClose = new ArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
  }

  private TcpProtobufServer server(int port) throws Exception {
    TcpProtobufServer server = TcpProtobufServer.start("127.0.0.1", port);
    toClose.add(server);
    return server;
  }

  private BenchClient client(int port, Duration callTimeout) {
    BenchClient client =
        new TcpProtobufProtocol()
            .open(new ClientOptions("127.0.0.1", port, callTimeout, CONNECT_TIMEOUT, 64));
    toClose.add(client);
    return client;
  }

  private BenchClient client(int port) {
    return client(port, CALL_TIMEOUT);
  }

  private static void assertCode(Runnable call, Code code, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(
            TcpProtobufException.class, e -> assertThat(e.code()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  @Test
  void answersTheWholeContract() throws Exception {
    BenchClient client = client(server(0).port());
    assertThat(client.hello("world")).isEqualTo("hello, world");
    assertThat(client.hello("")).isEqualTo("hello, ");
    for (int size : new int[] {0, 64, BenchContract.MAX_PAYLOAD}) {
      byte[] payload = new byte[size];
      new Random(size).nextBytes(payload);
      assertThat(client.echo(payload)).as("echo of %d B", size).isEqualTo(payload);
    }
    assertThat(client.put(BenchContract.putKey("k", 1, 64), new byte[512])).isTrue();
    for (int n : new int[] {0, 10, 100, BenchContract.MAX_ITEMS}) {
      assertThat(client.items(n)).isEqualTo(BenchContract.items(n));
    }
    assertThat(client.describe()).contains("1 blocking socket per calling thread");
  }

  @Test
  void missingArgumentsAreInvalidAndTheSocketStaysOpen() throws Exception {
    BenchClient client = client(server(0).port());
    assertCode(() -> client.hello(null), Code.INVALID_ARGUMENT, "hello: name is required");
    assertCode(() -> client.echo(null), Code.INVALID_ARGUMENT, "echo: payload is required");
    assertCode(() -> client.put(null, new byte[1]), Code.INVALID_ARGUMENT, "put: key");
    assertCode(() -> client.put("k", null), Code.INVALID_ARGUMENT, "put: value");
    assertThat(client.hello("again")).isEqualTo("hello, again");
  }

  @Test
  void oversizedArgumentsAreInvalidAndTheSocketStaysOpen() throws Exception {
    BenchClient client = client(server(0).port());
    assertCode(
        () -> client.echo(new byte[BenchContract.MAX_PAYLOAD + 1]),
        Code.INVALID_ARGUMENT,
        "echo: payload is larger than");
    assertCode(
        () -> client.put("k".repeat(BenchContract.MAX_KEY + 1), new byte[1]),
        Code.INVALID_ARGUMENT,
        "put: key is longer than");
    assertCode(
        () -> client.items(BenchContract.MAX_ITEMS + 1),
        Code.INVALID_ARGUMENT,
        "items: n must be between");
    assertCode(() -> client.items(-1), Code.INVALID_ARGUMENT, "items: n must be between");
    assertThat(client.items(3)).isEqualTo(BenchContract.items(3));
  }

  @Test
  void aFrameOverTheLimitClosesThatSocketAndTheNextCallOpensAFreshOne() throws Exception {
    BenchClient client = client(server(0).port());
    assertCode(() -> client.echo(new byte[Frames.MAX_FRAME]), Code.UNAVAILABLE, "");
    assertThat(client.hello("fresh")).isEqualTo("hello, fresh");
  }

  @Test
  void sixtyFourThreadsEachGetTheirOwnReplies() throws Exception {
    BenchClient client = client(server(0).port());
    ExecutorService threads = Executors.newFixedThreadPool(64);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < 64; t++) {
        int thread = t;
        results.add(
            threads.submit(
                () -> {
                  int checked = 0;
                  for (int i = 0; i < 200; i++) {
                    String name = "t" + thread + "-" + i;
                    assertThat(client.hello(name)).isEqualTo("hello, " + name);
                    byte[] payload = name.repeat(1 + i % 7).getBytes(StandardCharsets.UTF_8);
                    assertThat(client.echo(payload)).isEqualTo(payload);
                    assertThat(client.items(thread % 12)).hasSize(thread % 12);
                    checked += 3;
                  }
                  return checked;
                }));
      }
      for (Future<Integer> result : results) {
        assertThat(result.get(60, TimeUnit.SECONDS)).isEqualTo(600);
      }
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void aStoppedServerFailsCallsAtOnceAndARestartedOneServesAgain() throws Exception {
    TcpProtobufServer first = server(0);
    int port = first.port();
    BenchClient client = client(port);
    assertThat(client.hello("before")).isEqualTo("hello, before");

    ExecutorService threads = Executors.newFixedThreadPool(8);
    AtomicInteger failed = new AtomicInteger();
    try {
      List<Future<?>> loops = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        loops.add(
            threads.submit(
                () -> {
                  byte[] payload = new byte[64 * 1024];
                  while (true) {
                    try {
                      client.echo(payload);
                    } catch (TcpProtobufException e) {
                      failed.incrementAndGet();
                      return;
                    }
                  }
                }));
      }
      Thread.sleep(200);
      first.close();
      assertTimeoutPreemptively(
          NO_HANG,
          () -> {
            for (Future<?> loop : loops) {
              loop.get();
            }
          });
      assertThat(failed).hasValue(8);
    } finally {
      threads.shutdownNow();
    }
    // This thread's socket from before the stop is stale: its next call fails and discards it.
    assertTimeout(NO_HANG, () -> assertCode(() -> client.hello("stale"), Code.UNAVAILABLE, ""));
    assertTimeout(
        NO_HANG,
        () -> assertCode(() -> client.hello("while down"), Code.UNAVAILABLE, "cannot connect"));

    server(port);
    assertThat(client.hello("after")).isEqualTo("hello, after");
  }

  @Test
  void anUnreachableServerFailsWithinTheConnectTimeout() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    BenchClient client = client(closedPort);
    assertTimeoutPreemptively(
        NO_HANG,
        () -> assertCode(() -> client.hello("nobody"), Code.UNAVAILABLE, "cannot connect"));
  }

  @Test
  void aSilentServerFailsTheCallAtTheCallTimeout() throws Exception {
    try (ServerSocket silent = new ServerSocket(0)) {
      BenchClient client = client(silent.getLocalPort(), Duration.ofMillis(300));
      assertTimeoutPreemptively(
          NO_HANG,
          () ->
              assertCode(
                  () -> client.hello("anyone?"), Code.DEADLINE_EXCEEDED, "no reply within 300 ms"));
    }
  }

  @Test
  void closedClientRefusesCallsAndClosesTwice() throws Exception {
    BenchClient client = client(server(0).port());
    assertThat(client.hello("x")).isEqualTo("hello, x");
    client.close();
    client.close();
    assertCode(() -> client.hello("y"), Code.UNAVAILABLE, "client closed");
  }

  @Test
  void malformedInputClosesOnlyThatConnection() throws Exception {
    TcpProtobufServer server = server(0);
    BenchClient client = client(server.port());
    assertThat(client.hello("first")).isEqualTo("hello, first");
    byte[] runawayVarint = new byte[64];
    Arrays.fill(runawayVarint, (byte) 0xff);
    byte[] hugeLength = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07, 1, 2, 3};
    byte[] notARequest = {4, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};
    for (byte[] bad : List.of(runawayVarint, hugeLength, notARequest)) {
      assertThat(sendAndAwaitClose(server.port(), bad)).as(Arrays.toString(bad)).isTrue();
      assertThat(client.hello("still")).isEqualTo("hello, still");
    }
  }

  /** Sends the bytes on a raw socket; true when the server then closes it. */
  private static boolean sendAndAwaitClose(int port, byte[] bytes) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(bytes);
      out.flush();
      InputStream in = socket.getInputStream();
      try {
        return in.read() < 0;
      } catch (SocketException reset) {
        return true;
      }
    }
  }
}
