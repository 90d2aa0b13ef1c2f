package io.rpcxbench.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class PerThreadConnectionsTest {
  /** A connection that knows whether it was closed. */
  static final class Fake implements AutoCloseable {
    boolean closed;

    @Override
    public void close() {
      closed = true;
    }
  }

  private final List<Fake> opened = new ArrayList<>();
  private final PerThreadConnections<Fake> connections =
      new PerThreadConnections<>(
          () -> {
            Fake f = new Fake();
            synchronized (opened) {
              opened.add(f);
            }
            return f;
          });

  @Test
  void eachThreadKeepsItsOwnUntilItIsDiscarded() throws Exception {
    Fake first = connections.mine();
    assertThat(connections.mine()).isSameAs(first);
    Fake other = CompletableFuture.supplyAsync(this::mineUnchecked).get();
    assertThat(other).isNotSameAs(first);

    connections.discard(first);
    assertThat(first.closed).isTrue();
    Fake fresh = connections.mine();
    assertThat(fresh).isNotSameAs(first);
    assertThat(fresh.closed).isFalse();
  }

  @Test
  void closeClosesEveryConnectionAndRefusesMore() throws Exception {
    connections.mine();
    CompletableFuture.supplyAsync(this::mineUnchecked).get();
    connections.close();
    connections.close();
    assertThat(opened).hasSize(2).allMatch(f -> f.closed);
    assertThatThrownBy(connections::mine)
        .isInstanceOf(PerThreadConnections.ClosedException.class)
        .hasMessage("client closed");
  }

  private Fake mineUnchecked() {
    try {
      return connections.mine();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
