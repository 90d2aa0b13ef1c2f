package io.rpcxbench.serverkit.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.ServerStreamTracer;
import io.grpc.Status;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The frame deadline as gRPC sees it: the call's context is cancelled with DEADLINE_EXCEEDED. */
class MessageDeadlineTest {
  private final ScheduledThreadPoolExecutor timers = new ScheduledThreadPoolExecutor(1);

  @AfterEach
  void stop() {
    timers.shutdownNow();
  }

  private static boolean cancelledWithin(Context context, Duration wait) throws Exception {
    CountDownLatch cancelled = new CountDownLatch(1);
    context.addListener(c -> cancelled.countDown(), Runnable::run);
    return cancelled.await(wait.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Test
  void aUnaryCallWithoutItsRequestIsCancelled() throws Exception {
    MessageDeadline deadline = new MessageDeadline("t", Duration.ofMillis(100), false, timers);
    ServerStreamTracer tracer = deadline.newServerStreamTracer("s/m", new Metadata());
    Context context = tracer.filterContext(Context.ROOT);
    assertThat(cancelledWithin(context, Duration.ofSeconds(10))).isTrue();
    assertThat(Status.fromThrowable(context.cancellationCause()).getCode())
        .isEqualTo(Status.Code.DEADLINE_EXCEEDED);
  }

  @Test
  void aRequestThatArrivedStopsTheTimer() throws Exception {
    MessageDeadline deadline = new MessageDeadline("t", Duration.ofMillis(100), false, timers);
    ServerStreamTracer tracer = deadline.newServerStreamTracer("s/m", new Metadata());
    Context context = tracer.filterContext(Context.ROOT);
    tracer.inboundMessage(0);
    tracer.inboundMessageRead(0, 10, 10);
    assertThat(cancelledWithin(context, Duration.ofMillis(400))).isFalse();
  }

  @Test
  void aLongLivedStreamWaitsForItsFirstMessageButNotForItsEnd() throws Exception {
    MessageDeadline deadline = new MessageDeadline("t", Duration.ofMillis(100), true, timers);
    ServerStreamTracer tracer = deadline.newServerStreamTracer("s/m", new Metadata());
    Context context = tracer.filterContext(Context.ROOT);
    assertThat(cancelledWithin(context, Duration.ofMillis(400))).isFalse();
    tracer.inboundMessage(0); // a header, and the rest never comes
    assertThat(cancelledWithin(context, Duration.ofSeconds(10))).isTrue();
  }
}
