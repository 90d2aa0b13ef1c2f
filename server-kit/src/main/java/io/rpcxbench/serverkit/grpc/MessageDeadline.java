package io.rpcxbench.serverkit.grpc;

import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.ServerStreamTracer;
import io.grpc.Status;
import io.rpcxbench.serverkit.RateLimitedLog;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The frame deadline ({@code --frame-deadline}) on gRPC, as a stream tracer: a request message
 * whose header has arrived must be whole within the deadline, and on a unary method the first
 * message must be whole within it of the stream's HEADERS. Past it, the call's context is cancelled
 * with {@code DEADLINE_EXCEEDED}, on which grpc-java resets the stream (its own handling of a
 * deadline), so a slow sender no longer holds its partial message.
 */
final class MessageDeadline extends ServerStreamTracer.Factory {
  private static final Logger log = LoggerFactory.getLogger(MessageDeadline.class);

  private final String name;
  private final long deadlineNanos;
  private final boolean longLivedStreams;
  private final ScheduledExecutorService timers;
  private final RateLimitedLog warnings = new RateLimitedLog(log);

  /**
   * @param longLivedStreams whether a stream may wait for its first message (a bidirectional stream
   *     that carries many calls); else the first message is due from the stream's start
   */
  MessageDeadline(
      String name, Duration deadline, boolean longLivedStreams, ScheduledExecutorService timers) {
    this.name = name;
    this.deadlineNanos = deadline.toNanos();
    this.longLivedStreams = longLivedStreams;
    this.timers = timers;
  }

  @Override
  public ServerStreamTracer newServerStreamTracer(String fullMethodName, Metadata headers) {
    return new Tracer(fullMethodName);
  }

  /** One stream's timer: armed while a message is unfinished. */
  private final class Tracer extends ServerStreamTracer {
    private final String method;
    private Context.CancellableContext context;
    private ScheduledFuture<?> timer;

    Tracer(String method) {
      this.method = method;
    }

    @Override
    public synchronized Context filterContext(Context base) {
      context = base.withCancellation();
      if (!longLivedStreams) {
        arm();
      }
      return context;
    }

    @Override
    public synchronized void inboundMessage(int seqNo) {
      arm();
    }

    @Override
    public synchronized void inboundMessageRead(
        int seqNo, long optionalWireSize, long optionalUncompressedSize) {
      disarm();
    }

    @Override
    public synchronized void streamClosed(Status status) {
      disarm();
    }

    private void arm() {
      if (timer == null && context != null) {
        timer = timers.schedule(this::passed, deadlineNanos, TimeUnit.NANOSECONDS);
      }
    }

    private void disarm() {
      if (timer != null) {
        timer.cancel(false);
        timer = null;
      }
    }

    private synchronized void passed() {
      if (timer == null) {
        return;
      }
      timer = null;
      warnings.warn(
          "deadline",
          "{}: resetting a stream of {}: its request is still unfinished after {} s"
              + " (--frame-deadline)",
          name,
          method,
          deadlineNanos / 1_000_000_000.0);
      context.cancel(Status.DEADLINE_EXCEEDED.withDescription("--frame-deadline").asException());
    }
  }
}
