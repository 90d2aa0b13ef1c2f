package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.ServiceLoader;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What every protocol plug-in's client must do against its real server on loopback, port 0: the
 * four calls, a rejected null argument that leaves the client usable, 64 threads sharing one
 * client, a server that stops (calls fail, no hang) and comes back on the same port, an unreachable
 * server. One subclass per protocol.
 *
 * <pre>{@code
 * class HttpJsonClientTest extends BenchClientContract {
 *   protected ProtocolProvider provider() { return new HttpJsonProtocol(); }
 *   protected RunningServer startServer(int port) { return OpenFeignBenchServer.start("127.0.0.1", port); }
 * }
 * }</pre>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class BenchClientContract {
  /** Per-call deadline of the clients under test. */
  protected static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);

  /** Connect deadline of the clients under test. */
  protected static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

  private static final int THREADS = 64;
  private static final Duration NO_HANG = Duration.ofSeconds(60);
  private static final Duration RECONNECT_WITHIN = Duration.ofSeconds(10);

  private RunningServer server;
  private BenchClient client;

  /** The protocol under test. */
  protected abstract ProtocolProvider provider();

  /** Starts the protocol's real server on 127.0.0.1 (port 0: one the OS chooses). */
  protected abstract RunningServer startServer(int port) throws Exception;

  @BeforeAll
  void startSharedServerAndClient() throws Exception {
    server = startServer(0);
    client = provider().open(clientOptions(server.port()));
  }

  @AfterAll
  void stopSharedServerAndClient() {
    if (client != null) {
      client.close();
    }
    if (server != null) {
      server.close();
    }
  }

  /** The options a harness with {@code --threads 64 --timeout 5s} would pass. */
  protected static ClientOptions options(int port) {
    return new ClientOptions("127.0.0.1", port, CALL_TIMEOUT, CONNECT_TIMEOUT, THREADS);
  }

  /**
   * The options this contract's clients are opened with: {@link #options} here; a TLS contract
   * ({@link BenchClientTlsContract}) adds the client's TLS.
   */
  protected ClientOptions clientOptions(int port) {
    return options(port);
  }

  /** The shared client, connected to the shared server. */
  protected BenchClient client() {
    return client;
  }

  /** The shared server. */
  protected RunningServer server() {
    return server;
  }

  @Test
  void serviceLoaderFindsTheProvider() {
    assertThat(
            ServiceLoader.load(ProtocolProvider.class).stream().map(ServiceLoader.Provider::type))
        .contains(provider().getClass().asSubclass(ProtocolProvider.class));
    assertThat(provider().id()).matches("[a-z][a-z0-9-]*");
    assertThat(client.describe()).isNotBlank();
  }

  @Test
  void hello() {
    assertThat(client.hello("world")).isEqualTo(BenchContract.helloReply("world"));
    assertThat(client.hello("")).isEqualTo("hello, ");
    assertThat(client.hello("grüße, 世界")).isEqualTo("hello, grüße, 世界");
  }

  @ParameterizedTest(name = "{0} bytes")
  @ValueSource(ints = {0, 64, 1 << 20})
  void echo(int size) {
    byte[] payload = new byte[size];
    new Random(size).nextBytes(payload);
    assertThat(client.echo(payload)).isEqualTo(payload);
  }

  @Test
  void put() {
    String key = BenchContract.putKey("contract-", 1, BenchContract.DEFAULT_KEY_BYTES);
    assertThat(key.getBytes(StandardCharsets.UTF_8)).hasSize(64);
    assertThat(client.put(key, new byte[BenchContract.DEFAULT_VALUE_BYTES])).isTrue();
  }

  @ParameterizedTest(name = "n = {0}")
  @ValueSource(ints = {0, 10, 100})
  void items(int n) {
    assertThat(client.items(n)).isEqualTo(BenchContract.items(n));
  }

  @Test
  void invalidArgumentsFailAndTheClientStillWorks() {
    assertThatThrownBy(() -> client.hello(null)).isInstanceOf(RuntimeException.class);
    assertThat(client.hello("after")).isEqualTo("hello, after");
    assertThatThrownBy(() -> client.echo(null)).isInstanceOf(RuntimeException.class);
    assertThatThrownBy(() -> client.echo(new byte[BenchContract.MAX_PAYLOAD + 1]))
        .isInstanceOf(RuntimeException.class);
    assertThatThrownBy(() -> client.put(null, new byte[1])).isInstanceOf(RuntimeException.class);
    assertThatThrownBy(() -> client.put("k", null)).isInstanceOf(RuntimeException.class);
    assertThatThrownBy(() -> client.items(-1)).isInstanceOf(RuntimeException.class);
    assertThatThrownBy(() -> client.items(BenchContract.MAX_ITEMS + 1))
        .isInstanceOf(RuntimeException.class);
    assertThat(client.echo(new byte[] {1, 2})).containsExactly(1, 2);
    assertThat(client.items(1)).isEqualTo(BenchContract.items(1));
  }

  @Test
  void sixtyFourThreadsShareOneClient() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Integer>> done = new ArrayList<>();
      java.util.concurrent.atomic.AtomicLong rounds = new java.util.concurrent.atomic.AtomicLong();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        done.add(
            pool.submit(
                () -> {
                  start.await();
                  Random random = new Random(thread);
                  for (int i = 0; i < 25; i++, rounds.incrementAndGet()) {
                    String name = "t" + thread + "-" + i;
                    assertThat(client.hello(name)).isEqualTo(BenchContract.helloReply(name));
                    byte[] payload = new byte[random.nextInt(2048)];
                    random.nextBytes(payload);
                    assertThat(client.echo(payload)).isEqualTo(payload);
                    assertThat(client.put(BenchContract.putKey(name, i, 64), payload)).isTrue();
                    int n = (thread + i) % 20;
                    assertThat(client.items(n)).isEqualTo(BenchContract.items(n));
                  }
                  return thread;
                }));
      }
      start.countDown();
      // a hang is no call finishing; a loaded box may take minutes for the 6,400 calls (TLS)
      Await.progressing(
          THREADS + " threads' calls on one client",
          NO_HANG,
          rounds::get,
          () -> done.stream().allMatch(Future::isDone));
      for (Future<Integer> f : done) {
        f.get(); // done: its assertion, if one failed
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void serverStoppedMidUseFailsCallsWithoutHangingAndComesBackOnTheSamePort() throws Exception {
    RunningServer own = startServer(0);
    int port = own.port();
    try (BenchClient c = provider().open(clientOptions(port))) {
      assertThat(c.hello("before")).isEqualTo("hello, before");
      ExecutorService callers = Executors.newFixedThreadPool(4);
      AtomicInteger failures = new AtomicInteger();
      CountDownLatch stopped = new CountDownLatch(1);
      try {
        List<Future<?>> loops = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
          loops.add(
              callers.submit(
                  () -> {
                    // Calls until some call after the stop has failed; every reply that comes is
                    // right.
                    for (int i = 0; ; i++) {
                      boolean afterStop = stopped.getCount() == 0;
                      try {
                        assertThat(c.hello("mid" + i)).isEqualTo("hello, mid" + i);
                      } catch (RuntimeException e) {
                        failures.incrementAndGet();
                        if (afterStop) {
                          return;
                        }
                      }
                    }
                  }));
        }
        Thread.sleep(100);
        own.close();
        stopped.countDown();
        for (Future<?> loop : loops) {
          loop.get(NO_HANG.toSeconds(), TimeUnit.SECONDS);
        }
      } finally {
        callers.shutdownNow();
      }
      assertThat(failures.get()).isPositive();
      assertTimeoutPreemptively(
          NO_HANG,
          () -> {
            assertThatThrownBy(() -> c.hello("stopped")).isInstanceOf(RuntimeException.class);
          });

      own = startServer(port);
      assertThat(helloEventually(c, "again")).isEqualTo("hello, again");
      assertThat(c.echo(new byte[] {7})).containsExactly(7);
    } finally {
      own.close();
    }
  }

  @Test
  void unreachableServerFailsWithinTheConnectTimeout() throws Exception {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
    assertTimeoutPreemptively(
        CONNECT_TIMEOUT.plusSeconds(3),
        () -> {
          try (BenchClient c = provider().open(clientOptions(closedPort))) {
            BenchClient probe = c.forProbe(CONNECT_TIMEOUT);
            assertThatThrownBy(() -> probe.hello("nobody")).isInstanceOf(RuntimeException.class);
          } catch (RuntimeException e) {
            // a client that connects eagerly may fail in open(): just as good
          }
        });
  }

  /**
   * Bytes on the wire of one {@code hello("world")} request and reply on a warm connection, through
   * a counting proxy; printed for the protocol's README as {@code wire bytes ID hello("world"):
   * request N, reply M}.
   */
  @Test
  void wireBytesOfHelloWorld() throws Exception {
    try (ByteCountingProxy proxy = ByteCountingProxy.start(server.port());
        BenchClient c = provider().open(clientOptions(proxy.port()))) {
      assertThat(c.hello("world")).isEqualTo("hello, world");
      long up = proxy.requestBytes();
      long down = proxy.replyBytes();
      assertThat(c.hello("world")).isEqualTo("hello, world");
      long request = proxy.requestBytes() - up;
      long reply = proxy.replyBytes() - down;
      System.out.println(
          "wire bytes "
              + provider().id()
              + " hello(\"world\"): request "
              + request
              + ", reply "
              + reply);
      assertThat(request).isPositive();
      assertThat(reply).isPositive();
    }
  }

  /**
   * After a restart the first call may meet a pooled connection of the old server that the client
   * has not yet seen closed; a second call must work.
   */
  /**
   * The first hello that succeeds within {@link #RECONNECT_WITHIN}: a client may fail calls while
   * it drops a dead connection or waits out its reconnect back-off (gRPC: 1 s, jitter 20 %), as its
   * users' clients do; it must come back on its own.
   */
  private static String helloEventually(BenchClient c, String name) throws InterruptedException {
    long deadline = System.nanoTime() + RECONNECT_WITHIN.toNanos();
    while (true) {
      try {
        return c.hello(name);
      } catch (RuntimeException stale) {
        if (System.nanoTime() - deadline > 0) {
          throw stale;
        }
        Thread.sleep(50);
      }
    }
  }
}
