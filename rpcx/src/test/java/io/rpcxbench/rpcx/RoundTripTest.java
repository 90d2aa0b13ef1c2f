package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RoundTripTest {
  private final LoopbackServer loopback = new LoopbackServer();
  private final TestClient client = loopback.client();

  @AfterEach
  void close() {
    loopback.close();
  }

  @Test
  void helloRoundTrip() {
    assertThat(client.hello("world")).isEqualTo("hello, world");
    assertThat(client.hello("")).isEqualTo("hello, ");
    assertThat(client.hello("ünïcødé ✓")).isEqualTo("hello, ünïcødé ✓");
  }

  @Test
  void everySupportedTypeRoundTrips() {
    Timestamp time = Timestamp.newBuilder().setSeconds(12).setNanos(34).build();
    assertThat(
            client.mix(
                true,
                (byte) -7,
                (short) 300,
                'x',
                -5,
                1L << 40,
                1.5f,
                -2.25,
                42,
                "text",
                new byte[] {1, 2, 3},
                time))
        .isEqualTo("true|-7|300|x|-5|1099511627776|1.5|-2.25|42|text|3|12.34");
    assertThat(client.mix(false, (byte) 0, (short) 0, '\0', 0, 0, 0, 0, null, null, null, null))
        .isEqualTo("false|0|0|\0|0|0|0.0|0.0|null|null|null|null");
    assertThat(client.nextTime(time)).isEqualTo(time.toBuilder().setSeconds(13).build());
    assertThat(client.negate(Long.MIN_VALUE + 1)).isEqualTo(Long.MAX_VALUE);
    assertThat(client.big(100_000)).hasSize(100_000);
    client.nothing();
  }

  @Test
  void asyncFormCompletesWithTheResult() throws Exception {
    assertThat(client.helloAsync("async").get(5, TimeUnit.SECONDS)).isEqualTo("hello, async");
  }

  @Test
  void objectAndDefaultMethodsRunLocally() {
    assertThat(client.helloTwice("a")).isEqualTo("hello, a hello, a");
    assertThat(client.toString()).startsWith("RpcxClient[TestClient -> 127.0.0.1:");
    assertThat(client).isEqualTo(client).isNotEqualTo(loopback.client());
    assertThat(client.hashCode()).isEqualTo(System.identityHashCode(client));
  }

  @Test
  void twoHundredThreadsEachGetTheirOwnReplies() throws Exception {
    int threads = 200;
    int calls = 500;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CyclicBarrier start = new CyclicBarrier(threads);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        results.add(
            pool.submit(
                () -> {
                  start.await();
                  int correct = 0;
                  for (int i = 0; i < calls; i++) {
                    String name = thread + "-" + i;
                    if (client.hello(name).equals("hello, " + name)) {
                      correct++;
                    }
                  }
                  return correct;
                }));
      }
      for (Future<Integer> result : results) {
        assertThat(result.get(120, TimeUnit.SECONDS)).isEqualTo(calls);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(loopback.clients.pendingCalls()).isZero();
    assertThat(loopback.clients.connectsMade()).isEqualTo(1);
  }
}
