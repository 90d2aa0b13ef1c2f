package io.rpcxbench.serverkit.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.ScheduledFuture;
import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.ServerLimits;
import java.util.concurrent.TimeUnit;

/**
 * One connection's unfinished request: its deadline ({@code --frame-deadline}) and its share of the
 * server's {@link InputBudget} ({@code --max-buffered}). A decoder that knows its frames tells it,
 * after each decode, how many bytes it still holds for a request that is not complete ({@link
 * #holding}); 0 when none. Event loop only.
 */
public final class UnfinishedRequest {
  private final NettyLimits server;
  private final ChannelHandlerContext ctx;
  private ScheduledFuture<?> deadline;
  private long reserved;
  private boolean closed;

  UnfinishedRequest(NettyLimits server, ChannelHandlerContext ctx) {
    this.server = server;
    this.ctx = ctx;
  }

  /**
   * The bytes held now for an unfinished request (0: none).
   *
   * @return false when this closed the connection (over the budget)
   */
  public boolean holding(long bytes) {
    if (closed) {
      return false;
    }
    if (bytes <= 0) {
      cancelDeadline();
      giveBack();
      return true;
    }
    ServerLimits limits = server.limits();
    if (deadline == null && limits.hasFrameDeadline()) {
      deadline =
          ctx.executor()
              .schedule(
                  this::deadlinePassed, limits.frameDeadline().toNanos(), TimeUnit.NANOSECONDS);
    }
    long counted = bytes > ServerLimits.FREE_PARTIAL_BYTES ? bytes : 0;
    long more = counted - reserved;
    if (more > 0 && !server.budget().tryReserve(more)) {
      server
          .warnings()
          .warn(
              "budget",
              "{}: closing the connection from {}: its unfinished request of {} bytes would pass"
                  + " the budget of {} bytes for all unfinished requests (--max-buffered)",
              server.name(),
              ctx.channel().remoteAddress(),
              bytes,
              server.budget().max());
      close();
      return false;
    }
    if (more < 0) {
      server.budget().release(-more);
    }
    reserved = counted;
    return true;
  }

  /** The connection ended: gives back what it held. */
  public void release() {
    closed = true;
    cancelDeadline();
    giveBack();
  }

  private void deadlinePassed() {
    deadline = null;
    if (closed) {
      return;
    }
    server
        .warnings()
        .warn(
            "deadline",
            "{}: closing the connection from {}: its request is still unfinished after {}"
                + " (--frame-deadline)",
            server.name(),
            ctx.channel().remoteAddress(),
            server.limits().frameDeadline());
    close();
  }

  private void close() {
    release();
    ctx.channel().close();
  }

  private void cancelDeadline() {
    if (deadline != null) {
      deadline.cancel(false);
      deadline = null;
    }
  }

  private void giveBack() {
    if (reserved > 0) {
      server.budget().release(reserved);
      reserved = 0;
    }
  }
}
