package io.rpcxbench.serverkit.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.ScheduledFuture;
import io.rpcxbench.serverkit.BudgetShare;
import io.rpcxbench.serverkit.DirectMemoryPressure;
import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.ServerLimits;
import java.util.concurrent.TimeUnit;

/**
 * One connection's unfinished request: its deadline ({@code --frame-deadline}) and its share of the
 * process's {@link InputBudget} ({@code --max-buffered}). A decoder that knows its frames tells it,
 * after each decode, the capacity of the buffers it still holds for a request that is not complete
 * ({@link #holding}); 0 when none. Every size counts; up to {@link InputBudget#GRANTED_BYTES} it is
 * always granted. Beyond that, while the JVM's direct memory is past its high water ({@link
 * DirectMemoryPressure}: the buffers really held can be several times the bytes counted), the
 * connection is closed as if the budget refused it, unless the request that has waited longest
 * (another connection's) can be evicted for it ({@link BudgetShare}). Event loop only.
 */
public final class UnfinishedRequest {
  private final NettyLimits server;
  private final ChannelHandlerContext ctx;
  private final BudgetShare share;
  private ScheduledFuture<?> deadline;
  private boolean closed;

  UnfinishedRequest(NettyLimits server, ChannelHandlerContext ctx) {
    this.server = server;
    this.ctx = ctx;
    this.share = server.budget().share().onEvicted(() -> ctx.executor().execute(this::evicted));
  }

  /**
   * The bytes held now for an unfinished request (0: none): the capacity of its buffers, or the
   * closest estimate the caller has.
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
    if (!share.holding(bytes)) {
      server
          .warnings()
          .warn(
              "budget",
              "{}: closing the connection from {}: {}",
              server.name(),
              ctx.channel().remoteAddress(),
              share.refusal(bytes));
      close();
      return false;
    }
    if (bytes > InputBudget.GRANTED_BYTES && server.directMemory().high() && !share.makeRoom()) {
      server
          .warnings()
          .warn(
              "direct-memory",
              "{}: closing the connection from {}: it holds {} bytes of an unfinished request while"
                  + " direct memory is past {} % of its limit (--max-buffered)",
              server.name(),
              ctx.channel().remoteAddress(),
              bytes,
              DirectMemoryPressure.HIGH_WATER_PERCENT);
      close();
      return false;
    }
    return true;
  }

  /** The connection ended: gives back what it held. */
  public void release() {
    closed = true;
    cancelDeadline();
    giveBack();
  }

  /** Another connection's request evicted this one's, which had waited longest. */
  private void evicted() {
    if (closed) {
      return;
    }
    server
        .warnings()
        .warn(
            "evicted",
            "{}: closing the connection from {}: its request waited longest (over {}) while the"
                + " budget for unfinished requests was spent, and a newer one needed room"
                + " (--max-buffered)",
            server.name(),
            ctx.channel().remoteAddress(),
            InputBudget.EVICTABLE_AFTER);
    close();
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
    share.release();
  }
}
