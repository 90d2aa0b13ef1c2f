package io.rpcxbench.protocols.avro;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Declares the client's connection dead when calls are pending and no reply has come for a whole
 * call timeout: Avro's {@code NettyTransceiver} then fails every pending call with {@link
 * NoReplyException} and reconnects on the next call. Avro itself has no deadline: the handshake of
 * a connection's first call waits for its reply without one. Runs on the channel's event loop; the
 * {@link NettyFrameGuard} in front of it reports each complete reply frame.
 */
final class ReplyDeadline extends ChannelDuplexHandler {
  /** No reply within the call timeout while calls were pending. */
  static final class NoReplyException extends IOException {
    private static final long serialVersionUID = 1L;

    NoReplyException(String message) {
      super(message);
    }
  }

  private final long timeoutNanos;
  private int pending;
  private long lastProgress;
  private ScheduledFuture<?> check;

  ReplyDeadline(long timeoutMillis) {
    this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
  }

  /** A complete reply frame arrived (called by the frame guard, on the event loop). */
  void replied() {
    pending = Math.max(0, pending - 1);
    lastProgress = System.nanoTime();
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    long period = Math.max(TimeUnit.MILLISECONDS.toNanos(10), timeoutNanos / 4);
    check =
        ctx.executor().scheduleAtFixedRate(() -> check(ctx), period, period, TimeUnit.NANOSECONDS);
    super.channelActive(ctx);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    if (check != null) {
      check.cancel(false);
    }
    super.channelInactive(ctx);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise)
      throws Exception {
    // Below Avro's encoder, one write is one request frame.
    if (pending++ == 0) {
      lastProgress = System.nanoTime();
    }
    super.write(ctx, msg, promise);
  }

  private void check(ChannelHandlerContext ctx) {
    if (pending > 0 && System.nanoTime() - lastProgress > timeoutNanos) {
      pending = 0;
      check.cancel(false);
      ctx.fireExceptionCaught(
          new NoReplyException(
              "no reply within "
                  + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                  + " ms: the connection is closed"));
    }
  }
}
