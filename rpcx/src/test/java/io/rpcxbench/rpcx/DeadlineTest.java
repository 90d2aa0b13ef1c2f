package io.rpcxbench.rpcx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A call whose reply never comes fails with DEADLINE_EXCEEDED and leaves the pending map. */
class DeadlineTest {
  private final LoopbackServer loopback =
      new LoopbackServer(new TestService(), Duration.ofMillis(300));
  private final TestClient client = loopback.client();

  @AfterEach
  void close() {
    loopback.close();
  }

  @Test
  void blockingCallTimesOutAndIsRemoved() {
    RpcxException e = catchThrowableOfType(RpcxException.class, () -> client.block("never"));
    assertThat(e.code()).isEqualTo(RpcxException.Code.DEADLINE_EXCEEDED);
    assertThat(e.description()).isEqualTo("test.block got no reply within 300 ms");
    assertThat(loopback.clients.pendingCalls()).isZero();
    assertThat(client.hello("next")).isEqualTo("hello, next");
  }

  @Test
  void asyncCallTimesOutAndIsRemoved() {
    CompletionException e =
        catchThrowableOfType(CompletionException.class, () -> client.blockAsync("never").join());
    assertThat(e.getCause()).isInstanceOf(RpcxException.class);
    assertThat(((RpcxException) e.getCause()).code())
        .isEqualTo(RpcxException.Code.DEADLINE_EXCEEDED);
    assertThat(loopback.clients.pendingCalls()).isZero();
  }

  @Test
  void lateReplyAfterTheDeadlineIsDropped() {
    catchThrowableOfType(RpcxException.class, () -> client.block("late"));
    loopback.service.release.countDown(); // the reply now arrives for a call that already ended
    assertThat(client.hello("after")).isEqualTo("hello, after");
    assertThat(loopback.clients.pendingCalls()).isZero();
  }
}
