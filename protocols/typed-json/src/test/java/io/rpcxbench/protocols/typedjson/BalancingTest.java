package io.rpcxbench.protocols.typedjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.protocols.typedjson.TypedJsonException.Code;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.testsupport.Await;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Several in-JVM servers behind one client: equal servers take turns, a silent one is avoided, a
 * server that crashes mid-run (its connections reset, as a killed process's would) and comes back,
 * a server that is down at start, and no server at all.
 */
class BalancingTest {
  private final List<TypedJsonServer> servers = new ArrayList<>();

  @AfterEach
  void stopServers() {
    servers.forEach(TypedJsonServer::close);
  }

  private List<Integer> start(int n) throws Exception {
    List<Integer> ports = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      servers.add(TypedJsonServer.start("127.0.0.1", 0));
      ports.add(servers.get(i).port());
    }
    return ports;
  }

  private static ClientOptions options(List<Integer> ports) {
    List<InetSocketAddress> addresses = new ArrayList<>();
    for (int port : ports) {
      addresses.add(InetSocketAddress.createUnresolved("127.0.0.1", port));
    }
    return new ClientOptions(
        "127.0.0.1", ports.get(0), Duration.ofSeconds(5), Duration.ofSeconds(2), 4, addresses);
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Test
  void equalServersTakeTurns() throws Exception {
    List<Integer> ports = start(3);
    try (TypedJsonClient client = TypedJsonClient.open(options(ports))) {
      for (int i = 0; i < 300; i++) {
        assertThat(client.hello("rr" + i)).isEqualTo("hello, rr" + i);
      }
      assertThat(client.stats())
          .extracting(ServerLink.Stats::replies)
          .containsExactly(100L, 100L, 100L);
      assertThat(client.describe())
          .contains(
              "least-pending over the connected servers [127.0.0.1:"
                  + ports.get(0)
                  + ",127.0.0.1:"
                  + ports.get(1)
                  + ",127.0.0.1:"
                  + ports.get(2)
                  + "]")
          .contains("calls in flight on a lost connection fail")
          .contains("reconnect back-off 100 ms x2 up to 2000 ms, jitter 20 %");
    }
  }

  /**
   * A server that accepts but never answers: round-robin would send it every other call, each
   * failing at the deadline (1000 of 2000). Least-pending sends it a call only while it has no more
   * callers waiting on it than the good server has, so a few callers wait on it while the others
   * make the calls.
   */
  @Test
  void aServerThatStopsAnsweringGetsFewCalls() throws Exception {
    List<Integer> ports = new ArrayList<>(start(1));
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      ports.add(silent.getLocalPort());
      List<InetSocketAddress> addresses = new ArrayList<>();
      for (int port : ports) {
        addresses.add(InetSocketAddress.createUnresolved("127.0.0.1", port));
      }
      ClientOptions options =
          new ClientOptions(
              "127.0.0.1",
              ports.get(0),
              Duration.ofMillis(500),
              Duration.ofSeconds(2),
              4,
              addresses);
      AtomicInteger calls = new AtomicInteger();
      AtomicInteger failed = new AtomicInteger();
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try (TypedJsonClient client = TypedJsonClient.open(options)) {
        List<Future<?>> loops = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
          loops.add(
              pool.submit(
                  () -> {
                    while (calls.incrementAndGet() <= 2000) {
                      try {
                        assertThat(client.hello("x")).isEqualTo("hello, x");
                      } catch (TypedJsonException e) {
                        assertThat(e.code()).isEqualTo(Code.DEADLINE_EXCEEDED);
                        failed.incrementAndGet();
                      }
                    }
                    return null;
                  }));
        }
        for (Future<?> loop : loops) {
          loop.get(60, TimeUnit.SECONDS);
        }
        System.out.println("silent server: " + failed + " of 2000 calls failed at the deadline");
        assertThat(failed.get()).isPositive().isLessThan(200);
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void aServerThatCrashesMidRunLosesOnlyItsCallsInFlightAndComesBack() throws Exception {
    List<Integer> ports = start(3);
    FailoverDrill.run(
        "in-JVM (connections reset)",
        new FailoverDrill.Servers() {
          @Override
          public List<Integer> ports() {
            return ports;
          }

          @Override
          public void kill(int i) {
            servers.get(i).crash();
          }

          @Override
          public void restart(int i) throws Exception {
            servers.set(i, TypedJsonServer.start("127.0.0.1", ports.get(i)));
          }
        },
        1);
  }

  @Test
  void aServerDownAtStartIsSkippedAndUsedOnceItListens() throws Exception {
    List<Integer> ports = new ArrayList<>(start(1));
    int later = freePort();
    ports.add(later);
    try (TypedJsonClient client = TypedJsonClient.open(options(ports))) {
      assertThat(client.stats().get(1).connected()).isFalse();
      for (int i = 0; i < 20; i++) {
        assertThat(client.hello("up" + i)).isEqualTo("hello, up" + i);
      }
      servers.add(TypedJsonServer.start("127.0.0.1", later));
      // the client finds the late server as it calls: call again until a call reaches it
      Await.until(
          "calls reach the late server",
          Duration.ofSeconds(15),
          () -> {
            if (client.stats().get(1).replies() > 0) {
              return true;
            }
            assertThat(client.hello("wait")).isEqualTo("hello, wait");
            return false;
          });
      assertThat(client.stats().get(1).connects()).isEqualTo(1);
    }
  }

  @Test
  void withEveryServerDownCallsFailAtOnceAndTheClientRecovers() throws Exception {
    List<Integer> ports = start(2);
    try (TypedJsonClient client = TypedJsonClient.open(options(ports))) {
      assertThat(client.hello("a")).isEqualTo("hello, a");
      servers.forEach(TypedJsonServer::crash);
      Await.until(
          "every link saw its server crash",
          Duration.ofSeconds(10),
          () -> client.stats().stream().noneMatch(ServerLink.Stats::connected));
      // at once: refused as UNAVAILABLE for want of a server, not a call that waited for its
      // deadline (that would fail as a timeout)
      assertThatThrownBy(() -> client.hello("nobody"))
          .isInstanceOfSatisfying(
              TypedJsonException.class, e -> assertThat(e.code()).isEqualTo(Code.UNAVAILABLE))
          .hasMessageContaining("no server connected");
      servers.clear();
      servers.add(TypedJsonServer.start("127.0.0.1", ports.get(1)));
      Await.until(
          "a call answered by the server back on its port",
          Duration.ofSeconds(15),
          () -> answered(client, "back"));
    }
  }

  /** Whether a call is answered, and rightly; false while the client has no server for it. */
  private static boolean answered(TypedJsonClient client, String name) {
    try {
      assertThat(client.hello(name)).isEqualTo("hello, " + name);
      return true;
    } catch (TypedJsonException e) {
      return false;
    }
  }
}
