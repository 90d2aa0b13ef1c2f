package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * {@code coalesceWrites(false)}: calls made at once each leave in a write of their own and get
 * their own replies; a call whose reply never comes among them still ends at its deadline.
 */
class OneWritePerCallTest {
  @Test
  void manyCallsInFlightEachAnsweredAndALostOneEndsAtItsDeadline() {
    TestService service = new TestService();
    RpcxServer server =
        RpcxServer.builder().bind("127.0.0.1").port(0).publish(service).build().start();
    try (RpcxClientFactory clients =
        RpcxClientFactory.builder()
            .property("test.port", String.valueOf(server.port()))
            .callTimeout(Duration.ofSeconds(2))
            .coalesceWrites(false)
            .build()) {
      TestClient client = clients.create(TestClient.class);
      assertThat(client.hello("first")).isEqualTo("hello, first"); // connected
      CompletableFuture<String> lost = client.blockAsync("never");
      List<CompletableFuture<String>> calls = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        calls.add(client.helloAsync("c" + i));
      }

      for (int i = 0; i < 200; i++) {
        assertThat(calls.get(i).join()).isEqualTo("hello, c" + i);
      }
      CompletionException e = catchThrowableOfType(CompletionException.class, lost::join);
      assertThat(((RpcxException) e.getCause()).code())
          .isEqualTo(RpcxException.Code.DEADLINE_EXCEEDED);
      assertThat(clients.pendingCalls()).isZero();
    } finally {
      service.release.countDown();
      server.stop(Duration.ofSeconds(2));
    }
  }
}
