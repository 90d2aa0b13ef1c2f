package io.rpcxbench.protocols.grpcstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.net.ServerSocket;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The plug-in's client against the real server on loopback, port 0. */
class GrpcStreamClientTest {
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

  private GrpcStreamServer server(int port, boolean directExecutor) {
    GrpcStreamServer server = GrpcStreamServer.start("127.0.0.1", port, directExecutor);
    toClose.add(server);
    return server;
  }

  private BenchClient client(int port) {
    BenchClient client =
        new GrpcStreamProtocol()
            .open(new ClientOptions("127.0.0.1", port, CALL_TIMEOUT, CONNECT_TIMEOUT, 64));
    toClose.add(client);
    return client;
  }

  private static void assertStatus(Runnable call, Status.Code code, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(
            StatusRuntimeException.class, e -> assertThat(e.getStatus().getCode()).isEqualTo(code))
        .hasMessageContaining(message);
  }

  @ParameterizedTest(name = "directExecutor={0}")
  @ValueSource(booleans = {false, true})
  void answersTheWholeContract(boolean directExecutor) {
    BenchClient client = client(server(0, directExecutor).port());
    assertThat(client.hello("world")).isEqualTo("hello, world");
    assertThat(client.hello("")).isEqualTo("hello, ");
    for (int size : new int[] {0, 64, BenchContract.MAX_PAYLOAD}) {
      byte[] payload = new byte[size];
      new Random(size).nextBytes(payload);
      assertThat(client.echo(payload)).as("echo of %d B", size).isEqualTo(payload);
    }
    assertThat(client.put(BenchContract.putKey("k", 1, 64), new byte[512])).isTrue();
    for (int n : new int[] {0, 10, 100}) {
      assertThat(client.items(n)).isEqualTo(BenchContract.items(n));
    }
    assertThat(client.describe()).contains("bidi stream").contains("callTimeout PT30S");
  }

  @Test
  void missingArgumentsAreInvalidAndTheStreamCarriesOn() {
    BenchClient client = client(server(0, false).port());
    assertStatus(() -> client.hello(null), Status.Code.INVALID_ARGUMENT, "hello: name is required");
    assertStatus(
        () -> client.echo(null), Status.Code.INVALID_ARGUMENT, "echo: payload is required");
    assertStatus(() -> client.put(null, new byte[1]), Status.Code.INVALID_ARGUMENT, "put: key");
    assertStatus(() -> client.put("k", null), Status.Code.INVALID_ARGUMENT, "put: value");
    assertThat(client.hello("again")).isEqualTo("hello, again");
  }

  @Test
  void oversizedArgumentsAreInvalidAndTheStreamCarriesOn() {
    BenchClient client = client(server(0, false).port());
    assertStatus(
        () -> client.echo(new byte[BenchContract.MAX_PAYLOAD + 1]),
        Status.Code.INVALID_ARGUMENT,
        "echo: payload is larger than");
    assertStatus(
        () -> client.put("k".repeat(BenchContract.MAX_KEY + 1), new byte[1]),
        Status.Code.INVALID_ARGUMENT,
        "put: key is longer than");
    assertStatus(
        () -> client.items(BenchContract.MAX_ITEMS + 1),
        Status.Code.INVALID_ARGUMENT,
        "items: n must be between");
    assertStatus(() -> client.items(-1), Status.Code.INVALID_ARGUMENT, "items: n must be between");
    assertThat(client.items(3)).isEqualTo(BenchContract.items(3));
  }

  @Test
  void sixtyFourThreadsEachGetTheirOwnReplies() throws Exception {
    BenchClient client = client(server(0, false).port());
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
    GrpcStreamServer first = server(0, false);
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
                    } catch (StatusRuntimeException e) {
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
    assertTimeoutPreemptively(
        NO_HANG,
        () ->
            assertThatThrownBy(() -> client.hello("while down"))
                .isInstanceOf(StatusRuntimeException.class));

    server(port, false);
    assertThat(helloWithin(client, Duration.ofSeconds(20))).isEqualTo("hello, after");
  }

  /** gRPC reconnects with back-off: retry until the restarted server answers. */
  private static String helloWithin(BenchClient client, Duration limit)
      throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (true) {
      try {
        return client.hello("after");
      } catch (StatusRuntimeException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(100);
      }
    }
  }

  @Test
  void anUnreachableServerFailsWithinTheConnectTimeout() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    BenchClient client = client(closedPort);
    assertTimeoutPreemptively(
        NO_HANG, () -> assertStatus(() -> client.hello("nobody"), Status.Code.UNAVAILABLE, ""));
  }

  @Test
  void closedClientRefusesCallsAndClosesTwice() {
    BenchClient client = client(server(0, false).port());
    assertThat(client.hello("x")).isEqualTo("hello, x");
    client.close();
    client.close();
    assertStatus(() -> client.hello("y"), Status.Code.UNAVAILABLE, "client closed");
  }

  @Test
  void garbageBytesDoNotDisturbOtherConnections() throws Exception {
    GrpcStreamServer server = server(0, false);
    BenchClient client = client(server.port());
    assertThat(client.hello("first")).isEqualTo("hello, first");
    byte[] garbage = new byte[4096];
    new Random(7).nextBytes(garbage);
    assertThat(RawHttp2.sendAndAwaitClose(server.port(), garbage)).as("connection closed").isTrue();
    assertThat(client.hello("still")).isEqualTo("hello, still");
    assertThat(Arrays.equals(client.echo(garbage), garbage)).isTrue();
  }

  @Test
  void aHugeMessageLengthEndsOnlyThatStream() throws Exception {
    GrpcStreamServer server = server(0, false);
    BenchClient client = client(server.port());
    assertThat(client.hello("first")).isEqualTo("hello, first");
    assertThat(RawHttp2.hugeMessageEndsStream(server.port())).as("stream 1 ended").isTrue();
    assertThat(client.hello("still")).isEqualTo("hello, still");
  }
}
