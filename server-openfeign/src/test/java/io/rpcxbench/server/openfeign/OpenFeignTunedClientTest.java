package io.rpcxbench.server.openfeign;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientContract;
import io.rpcxbench.testsupport.ByteCountingProxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** openfeign-tuned: the client contract on the pooled HttpClient 5, and its connection reuse. */
class OpenFeignTunedClientTest extends BenchClientContract {
  private static final int LOAD_THREADS = 8;
  private static final int CALLS_PER_THREAD = 50;

  @Override
  protected ProtocolProvider provider() {
    return new OpenFeignTunedProtocol();
  }

  @Override
  protected RunningServer startServer(int port) {
    return OpenFeignServerMain.start(
        "127.0.0.1",
        port,
        List.of(OpenFeignTunedProtocol.KEEP_ALIVE_UNLIMITED),
        ServerLimits.defaults());
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("openfeign-tuned");
    assertThat(p.type()).isEqualTo(22);
    assertThat(p.defaultPort()).isEqualTo(8098);
    assertThat(p.server().jar()).isEqualTo(OpenFeignProtocol.SERVER_JAR);
    assertThat(p.server().args()).containsExactly("--server.tomcat.max-keep-alive-requests=-1");
    assertThat(client().describe())
        .contains(
            "@FeignClient on feign.hc5.ApacheHttp5Client (pool of 64 connections per server)");
  }

  @Test
  void poolSizeFollowsTheLoadThreads() throws Exception {
    try (BenchClient wide = provider().open(options(server().port(), 990))) {
      assertThat(wide.describe()).contains("(pool of 990 connections per server)");
    }
  }

  @Test
  void everyThreadKeepsOneConnectionAcrossItsCalls() throws Exception {
    try (ByteCountingProxy proxy = ByteCountingProxy.start(server().port());
        BenchClient pooled = provider().open(options(proxy.port(), LOAD_THREADS))) {
      callsFromThreads(pooled);
      assertThat(proxy.connections()).isBetween(1L, (long) LOAD_THREADS);
    }
  }

  private static ClientOptions options(int port, int threads) {
    return new ClientOptions(
        "127.0.0.1", port, Duration.ofSeconds(5), Duration.ofSeconds(2), threads);
  }

  private static void callsFromThreads(BenchClient client) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(LOAD_THREADS);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < LOAD_THREADS; t++) {
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < CALLS_PER_THREAD; i++) {
                    assertThat(client.hello("w" + i)).isEqualTo("hello, w" + i);
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
