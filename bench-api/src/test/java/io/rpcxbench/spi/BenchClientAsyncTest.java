package io.rpcxbench.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.Item;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The async forms' defaults: the blocking call, run here, as a completed future. */
class BenchClientAsyncTest {
  /** A blocking-only client, as most plug-ins are. */
  private static final class Blocking implements BenchClient {
    @Override
    public String hello(String name) {
      if (name == null) {
        throw new IllegalArgumentException("name is missing");
      }
      return BenchContract.helloReply(name);
    }

    @Override
    public byte[] echo(byte[] payload) {
      return payload;
    }

    @Override
    public boolean put(String key, byte[] value) {
      return true;
    }

    @Override
    public List<Item> items(int n) {
      return BenchContract.items(n);
    }

    @Override
    public String describe() {
      return "blocking";
    }

    @Override
    public void close() {}
  }

  @Test
  void defaultsRunTheBlockingCallAndCompleteTheFuture() {
    BenchClient client = new Blocking();
    assertThat(client.isAsync()).isFalse();
    assertThat(client.helloAsync("world")).isCompletedWithValue("hello, world");
    byte[] payload = {1, 2};
    assertThat(client.echoAsync(payload)).isCompletedWithValue(payload);
    assertThat(client.putAsync("k", new byte[0])).isCompletedWithValue(true);
    assertThat(client.itemsAsync(3)).isCompletedWithValue(BenchContract.items(3));
  }

  @Test
  void aFailureFailsTheFutureInsteadOfBeingThrown() {
    CompletableFuture<String> f = new Blocking().helloAsync(null);
    assertThat(f)
        .failsWithin(Duration.ZERO)
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .withCauseInstanceOf(IllegalArgumentException.class);
  }
}
