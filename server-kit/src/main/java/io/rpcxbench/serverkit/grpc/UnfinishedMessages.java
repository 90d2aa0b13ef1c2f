package io.rpcxbench.serverkit.grpc;

import io.grpc.netty.shaded.io.netty.buffer.ByteBuf;
import io.grpc.netty.shaded.io.netty.buffer.Unpooled;
import io.grpc.netty.shaded.io.netty.channel.ChannelDuplexHandler;
import io.grpc.netty.shaded.io.netty.channel.ChannelHandlerContext;
import io.grpc.netty.shaded.io.netty.channel.ChannelPromise;
import io.grpc.netty.shaded.io.netty.channel.socket.DuplexChannel;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2Error;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2Exception;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslHandler;
import io.grpc.netty.shaded.io.netty.util.ReferenceCountUtil;
import io.rpcxbench.serverkit.BudgetShare;
import io.rpcxbench.serverkit.DirectMemoryPressure;
import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.RateLimitedLog;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The process's budget for unfinished requests ({@code --max-buffered}) on a gRPC connection, which
 * grpc-java does not have: in front of grpc-java's HTTP/2 handler (after TLS, if any), it reads the
 * HTTP/2 frames as they arrive and, in each stream's DATA, the gRPC messages' 5-byte prefixes; the
 * bytes of messages still unfinished are the connection's share of the budget. grpc-java hands the
 * flow-control window back as it moves a message's bytes into the message being assembled, so the
 * window does not bound them; this does. The connection whose bytes would pass the budget is ended
 * with GOAWAY {@code ENHANCE_YOUR_CALM} and its input dropped, as every server of the kit closes
 * the connection whose request would pass it (issue 48: resetting only the stream kept 193 of 300
 * attack connections open, each free to start the next message). The same happens while the JVM's
 * direct memory is past its high-water mark ({@link DirectMemoryPressure}) to a connection holding
 * more than {@link InputBudget#GRANTED_BYTES}: the budget counts bytes, but grpc-java keeps slices
 * of the read buffers, whose pooled chunks stay allocated while any slice is held, so the memory
 * really held can be several times the bytes counted. A message unfinished {@code --frame-deadline}
 * after its first byte ends its connection too (grpc-java's own {@link MessageDeadline} cancels the
 * call, which leaves the connection open). A connection with more streams holding unfinished
 * messages than a client may open (twice the concurrent-stream limit) gets the same GOAWAY. One per
 * connection, on its event loop. A refused connection is closed the way nginx's lingering close
 * does it: GOAWAY, then the end of the server's output (TLS close_notify or TCP FIN), the client's
 * further bytes read and dropped until {@link #CLOSE_AFTER_GOAWAY_MILLIS}: closing a socket that
 * still holds unread bytes resets it, and a client still sending then sees "broken pipe" instead of
 * the GOAWAY. The frames and messages are followed by {@link StreamMessages}.
 */
final class UnfinishedMessages extends ChannelDuplexHandler {
  private static final Logger log = LoggerFactory.getLogger(UnfinishedMessages.class);
  private static final RateLimitedLog warnings = new RateLimitedLog(log);

  /** After GOAWAY, the connection is closed by this time even if the peer reads nothing. */
  private static final long CLOSE_AFTER_GOAWAY_MILLIS = 1_000;

  private final String name;
  private final InputBudget budget;
  private final BudgetShare share;
  private final int maxStreams;
  private final ResetFlood flood;
  private final StreamMessages unfinished;
  private final Duration frameDeadline;
  private final DirectMemoryPressure direct;
  private String overBudget; // why this connection is refused, once it is
  private ScheduledFuture<?> deadlineWatch;
  private boolean refused;
  private boolean lingering;
  private boolean passThrough;
  private boolean tlsChecked;

  /**
   * @param frameDeadline a message unfinished this long after its first byte ends its connection
   *     (zero: never)
   * @param direct the direct memory whose high water refuses more unfinished bytes
   */
  UnfinishedMessages(
      String name,
      InputBudget budget,
      int maxStreams,
      ResetFlood flood,
      Duration frameDeadline,
      DirectMemoryPressure direct) {
    this.name = name;
    this.budget = budget;
    this.share = budget.share();
    this.maxStreams = maxStreams;
    this.flood = flood;
    this.unfinished = new StreamMessages(flood.counter());
    this.frameDeadline = frameDeadline;
    this.direct = direct;
  }

  /** Another connection's message evicts this one's, which waited longest ({@link BudgetShare}). */
  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    share.onEvicted(
        () ->
            ctx.executor()
                .execute(
                    () -> {
                      if (!refused) {
                        goAway(
                            ctx,
                            null,
                            "its unfinished messages waited longest (over "
                                + InputBudget.EVICTABLE_AFTER
                                + ") while the budget was spent, and a newer one needed room",
                            "--max-buffered");
                      }
                    }));
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (passThrough) {
      ctx.fireChannelRead(msg);
      return;
    }
    if (refused) {
      ReferenceCountUtil.release(msg);
      return;
    }
    if (!(msg instanceof ByteBuf bytes)) {
      ctx.fireChannelRead(msg);
      return;
    }
    if (!tlsChecked) {
      tlsChecked = true;
      if (movedBehindTls(ctx)) {
        ctx.fireChannelRead(msg);
        return;
      }
    }
    unfinished.scan(bytes, overBudget != null);
    account(bytes.capacity());
    if (unfinished.tooManyResets()) {
      flood.offended(ctx.channel().remoteAddress());
      goAway(
          ctx,
          bytes,
          "more than "
              + GrpcLimits.MAX_RST_PER_WINDOW
              + " RST_STREAM in "
              + GrpcLimits.RST_WINDOW_SECONDS
              + " s (rapid reset); the address's new connections wait before they are read",
          "too_many_rststreams");
      return;
    }
    if (unfinished.streams() > maxStreams) {
      goAway(
          ctx, bytes, unfinished.streams() + " streams with unfinished messages", "--max-buffered");
      return;
    }
    if (overBudget != null) {
      goAway(ctx, bytes, overBudget, "--max-buffered");
      return;
    }
    if (!unfinished.isEmpty()) {
      watchDeadline(ctx);
    }
    ctx.fireChannelRead(bytes);
  }

  /**
   * Ends the connection: GOAWAY {@code ENHANCE_YOUR_CALM} from grpc-java's handler (its calls
   * fail), the rest of its input dropped, and a close a second later if the GOAWAY cannot be
   * written.
   */
  private void goAway(ChannelHandlerContext ctx, ByteBuf bytes, String reason, String debugData) {
    refused = true;
    if (bytes != null) {
      bytes.release();
    }
    warnings.warn(
        "streams",
        "{}: GOAWAY ENHANCE_YOUR_CALM to {}: {}",
        name,
        ctx.channel().remoteAddress(),
        reason);
    forget();
    ctx.fireExceptionCaught(
        Http2Exception.connectionError(Http2Error.ENHANCE_YOUR_CALM, debugData));
    ctx.executor()
        .schedule(
            () -> {
              ctx.channel().close();
            },
            CLOSE_AFTER_GOAWAY_MILLIS,
            TimeUnit.MILLISECONDS);
  }

  private void forget() {
    share.release();
    unfinished.clear();
    if (deadlineWatch != null) {
      deadlineWatch.cancel(false);
      deadlineWatch = null;
    }
  }

  /** While messages are unfinished, a check a few times per deadline (at most once a second). */
  private void watchDeadline(ChannelHandlerContext ctx) {
    if (deadlineWatch != null || frameDeadline.isZero()) {
      return;
    }
    long period = Math.max(10, Math.min(1_000, frameDeadline.toMillis() / 4));
    deadlineWatch =
        ctx.executor()
            .scheduleWithFixedDelay(
                () -> checkDeadline(ctx), period, period, TimeUnit.MILLISECONDS);
  }

  private void checkDeadline(ChannelHandlerContext ctx) {
    if (refused) {
      return;
    }
    long now = System.nanoTime();
    if (unfinished.unfinishedFor(now, frameDeadline.toNanos())) {
      goAway(
          ctx,
          null,
          "a message still unfinished "
              + frameDeadline.toMillis()
              + " ms after its first byte (--frame-deadline)",
          "--frame-deadline");
    }
  }

  /**
   * grpc-java's handler closes the connection right after its GOAWAY; a refused connection lingers
   * instead (see the class comment), then closes.
   */
  @Override
  public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
    if (!refused || !ctx.channel().isActive()) {
      ctx.close(promise);
      return;
    }
    if (lingering) { // grpc-java closes again once its GOAWAY is written: the linger's close ends
      // it
      if (!promise.isVoid()) {
        ctx.channel().closeFuture().addListener(closed -> promise.trySuccess());
      }
      return;
    }
    lingering = true;
    ctx.executor()
        .schedule(() -> ctx.close(promise), CLOSE_AFTER_GOAWAY_MILLIS, TimeUnit.MILLISECONDS);
    ctx.channel().config().setAutoRead(true);
    ctx.writeAndFlush(Unpooled.EMPTY_BUFFER) // written once everything before it is
        .addListener(
            written -> {
              if (!written.isSuccess() || !ctx.channel().isActive()) {
                ctx.close();
                return;
              }
              SslHandler tls = ctx.pipeline().get(SslHandler.class);
              if (tls != null) {
                tls.closeOutbound();
              } else if (ctx.channel() instanceof DuplexChannel duplex) {
                duplex.shutdownOutput();
              }
            });
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    forget();
    ctx.fireChannelInactive();
  }

  /**
   * With TLS, HTTP/2 frames exist only after the SslHandler that grpc-java adds when the connection
   * starts: a fresh instance goes behind it, this one passes bytes on.
   */
  private boolean movedBehindTls(ChannelHandlerContext ctx) {
    SslHandler tls = ctx.pipeline().get(SslHandler.class);
    if (tls == null) {
      return false;
    }
    ChannelHandlerContext tlsContext = ctx.pipeline().context(tls);
    if (isBefore(ctx, tlsContext)) {
      ctx.pipeline()
          .addAfter(
              tlsContext.name(),
              ctx.name() + "-h2",
              new UnfinishedMessages(name, budget, maxStreams, flood, frameDeadline, direct));
      passThrough = true;
      return true;
    }
    return false;
  }

  private static boolean isBefore(ChannelHandlerContext self, ChannelHandlerContext other) {
    for (String n : self.pipeline().names()) {
      if (n.equals(self.name())) {
        return true;
      }
      if (n.equals(other.name())) {
        return false;
      }
    }
    return false;
  }

  /**
   * Charges the connection what it holds once a read is scanned: grpc-java keeps slices of the read
   * buffers until a message is whole, and a slice keeps its whole buffer, so an unfinished message
   * holds the capacity of every read buffer that carried its bytes (issue 59: 1 KiB of a second
   * message read behind a whole 60 KB one held a 64 KiB buffer, and 1,000 such connections ran 64
   * MiB of direct memory out while each counted 1 KiB); a message, once whole, releases them.
   */
  private void account(int readCapacity) {
    long charge = unfinished.charge(readCapacity);
    if (overBudget != null) {
      return;
    }
    if (!share.holding(charge)) {
      overBudget =
          "its unfinished messages would pass the budget of "
              + budget.max()
              + " bytes for all unfinished requests (--max-buffered)";
    } else if (charge > InputBudget.GRANTED_BYTES && direct.high() && !share.makeRoom()) {
      overBudget =
          "it holds "
              + charge
              + " bytes (unfinished messages and the read buffers they keep) while direct memory is"
              + " past "
              + DirectMemoryPressure.HIGH_WATER_PERCENT
              + " % of its limit (--max-buffered)";
    }
  }
}
