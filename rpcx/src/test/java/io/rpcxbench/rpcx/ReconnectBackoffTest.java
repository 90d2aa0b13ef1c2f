package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, finding 3: while the server is down, calls fail at once with UNAVAILABLE and the client
 * dials after a growing backoff (50 ms .. 2 s), not once per call; when the server is back it is
 * used again.
 */
class ReconnectBackoffTest {
  private static final int THREADS = 8;

  private static RpcxServer server(int port) {
    return RpcxServer.builder().bind("127.0.0.1").port(port).publish(new TestService()).build();
  }

  /** Whether a call is answered, and rightly; false while it fails for want of a server. */
  private static boolean answered(TestClient client, String name) {
    try {
      assertThat(client.hello(name)).isEqualTo("hello, " + name);
      return true;
    } catch (RpcxException notYet) {
      return false;
    }
  }

  @Test
  void callsFailFastAndAttemptsAreBoundedWhileTheServerIsDown() throws Exception {
    RpcxServer up = server(0).start();
    int port = up.port();
    try (RpcxClientFactory clients = LoopbackServer.factory(port, Duration.ofSeconds(10))) {
      TestClient client = clients.create(TestClient.class);
      assertThat(client.hello("up")).isEqualTo("hello, up");
      up.stop(Duration.ofSeconds(1));
      int attemptsBefore = clients.connectAttempts();

      // 8 threads calling flat out for 2 s against nothing
      AtomicInteger calls = new AtomicInteger();
      AtomicReference<Throwable> unexpected = new AtomicReference<>();
      long end = System.nanoTime() + Duration.ofSeconds(2).toNanos();
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        Thread thread =
            new Thread(
                () -> {
                  while (System.nanoTime() < end) {
                    try {
                      client.hello("down");
                      unexpected.compareAndSet(null, new AssertionError("a reply while down"));
                    } catch (RpcxException e) {
                      if (e.code() != RpcxException.Code.UNAVAILABLE) {
                        unexpected.compareAndSet(null, e);
                      }
                    }
                    calls.incrementAndGet();
                  }
                });
        threads.add(thread);
        thread.start();
      }
      for (Thread thread : threads) {
        thread.join();
      }
      int attempts = clients.connectAttempts() - attemptsBefore;
      System.out.printf(
          "DOWN: %d calls failed UNAVAILABLE in 2 s with %d connection attempts%n",
          calls.get(), attempts);

      assertThat(unexpected.get()).isNull();
      assertThat(calls.get()).as("fail fast").isGreaterThan(1000);
      // 50, 100, 200, 400, 800, 1600 ms (+-20 %): 7 attempts fit in 2 s; never one per call
      assertThat(attempts).isBetween(1, 9);

      RpcxServer back = server(port).start();
      try {
        // the first calls may still fall in the backoff: at most 2 s (+20 %)
        Await.until(
            "a call answered by the server back on its port",
            Duration.ofSeconds(5),
            () -> answered(client, "back"));
      } finally {
        back.stop(Duration.ofSeconds(1));
      }
    }
  }

  @Test
  void aConnectionClosedBeforeAnyReplyBacksOffToo() throws Exception {
    // a server at its connection cap accepts and closes at once: it counts as down
    RpcxServer capped =
        RpcxServer.builder()
            .bind("127.0.0.1")
            .port(0)
            .guard(new OneConnection())
            .publish(new TestService())
            .build()
            .start();
    try (RpcxClientFactory first = LoopbackServer.factory(capped.port(), Duration.ofSeconds(5));
        RpcxClientFactory second = LoopbackServer.factory(capped.port(), Duration.ofSeconds(5))) {
      assertThat(first.create(TestClient.class).hello("in")).isEqualTo("hello, in");
      TestClient refused = second.create(TestClient.class);
      long end = System.nanoTime() + Duration.ofSeconds(1).toNanos();
      int calls = 0;
      while (System.nanoTime() < end) {
        try {
          refused.hello("out");
        } catch (RpcxException e) {
          assertThat(e.code()).isEqualTo(RpcxException.Code.UNAVAILABLE);
        }
        calls++;
      }
      assertThat(calls).isGreaterThan(100);
      assertThat(second.connectAttempts()).isBetween(1, 7);
    } finally {
      capped.stop(Duration.ofSeconds(1));
    }
  }

  /** A connection cap of one: a second connection is accepted and closed at once. */
  private static final class OneConnection implements ConnectionGuard {
    private final AtomicInteger open = new AtomicInteger();

    @Override
    public ChannelHandler acceptor() {
      return new ChannelInboundHandlerAdapter() {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
          Channel child = (Channel) msg;
          if (open.incrementAndGet() > 1) {
            open.decrementAndGet();
            child.unsafe().closeForcibly();
            return;
          }
          child.closeFuture().addListener(closed -> open.decrementAndGet());
          ctx.fireChannelRead(msg);
        }

        @Override
        public boolean isSharable() {
          return true;
        }
      };
    }

    @Override
    public void connection(ChannelPipeline pipeline) {}
  }
}
