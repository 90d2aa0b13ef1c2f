package io.rpcxbench.bench.bare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The baseline against its real server on loopback, port 0: answers, routing, failures. */
class BareRoundTripTest {
  private static ClientOptions options(int port) {
    return new ClientOptions("127.0.0.1", port, Duration.ofSeconds(10), Duration.ofSeconds(5), 8);
  }

  @Test
  void manyThreadsOnOneConnectionEachGetTheirOwnReply() throws Exception {
    try (BareServer server = BareServer.start("127.0.0.1", 0);
        BenchClient client = new BareProtocol().open(options(server.port()))) {
      ExecutorService pool = Executors.newFixedThreadPool(8);
      try {
        List<Future<Integer>> done = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
          String prefix = "t" + t + "c";
          done.add(
              pool.submit(
                  () -> {
                    for (int i = 0; i < 500; i++) {
                      String name = prefix + i + (i % 7 == 0 ? "-ünïcödé" : "");
                      assertThat(client.hello(name)).isEqualTo(BenchContract.helloReply(name));
                    }
                    return 500;
                  }));
        }
        for (Future<Integer> f : done) {
          assertThat(f.get()).isEqualTo(500);
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void echoReturnsTheSameBytesSmallAndLarge() {
    try (BareServer server = BareServer.start("127.0.0.1", 0);
        BenchClient client = new BareProtocol().open(options(server.port()))) {
      for (int size : new int[] {0, 1, 64, 300, 1 << 20}) {
        byte[] payload = new byte[size];
        for (int i = 0; i < size; i++) {
          payload[i] = (byte) (i * 31);
        }
        assertThat(client.echo(payload)).isEqualTo(payload);
      }
    }
  }

  @Test
  void aStoppedServerFailsCallsAndAMissingOneIsRefused() throws Exception {
    BareServer server = BareServer.start("127.0.0.1", 0);
    int port = server.port();
    try (BenchClient client = new BareProtocol().open(options(port))) {
      assertThat(client.hello("x")).isEqualTo("hello, x");
      server.close();
      assertThatThrownBy(
              () -> {
                // the first call may still meet the dying connection; the next ones find none
                for (int i = 0; i < 3; i++) {
                  client.hello("y");
                }
              })
          .isInstanceOf(BareException.class);
    }
    int closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = s.getLocalPort();
    }
    try (BenchClient client = new BareProtocol().open(options(closed))) {
      assertThatThrownBy(() -> client.hello("z"))
          .isInstanceOf(BareException.class)
          .hasMessageContaining("cannot connect to 127.0.0.1:" + closed)
          .hasRootCauseInstanceOf(java.net.ConnectException.class);
    }
  }

  @Test
  void asyncCallsCompleteTheirOwnFuturesAndAStoppedServerFailsThem() throws Exception {
    BareServer server = BareServer.start("127.0.0.1", 0);
    try (BenchClient client = new BareProtocol().open(options(server.port()))) {
      assertThat(client.isAsync()).isTrue();
      List<java.util.concurrent.CompletableFuture<String>> replies = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        replies.add(client.helloAsync("a" + i));
      }
      for (int i = 0; i < 200; i++) {
        assertThat(replies.get(i).get(10, java.util.concurrent.TimeUnit.SECONDS))
            .isEqualTo(BenchContract.helloReply("a" + i));
      }
      byte[] payload = {1, 2, 3, (byte) 0xff};
      assertThat(client.echoAsync(payload).get(10, java.util.concurrent.TimeUnit.SECONDS))
          .isEqualTo(payload);
      server.close();
      // the first call may still meet the dying connection; a later one finds none
      Throwable failure = null;
      for (int i = 0; i < 3 && failure == null; i++) {
        failure =
            client
                .helloAsync("late")
                .handle((reply, error) -> error)
                .get(10, java.util.concurrent.TimeUnit.SECONDS);
      }
      assertThat(failure).isInstanceOf(BareException.class);
    } finally {
      server.close();
    }
  }

  @Test
  void theProviderIsWhatTheHarnessFinds() {
    BareProtocol p =
        (BareProtocol)
            java.util.ServiceLoader.load(io.rpcxbench.spi.ProtocolProvider.class).stream()
                .map(java.util.ServiceLoader.Provider::get)
                .filter(x -> x.id().equals("bare"))
                .findFirst()
                .orElseThrow();
    assertThat(p.type()).isEqualTo(90);
    assertThat(p.defaultPort()).isEqualTo(BareServerMain.DEFAULT_PORT);
  }
}
