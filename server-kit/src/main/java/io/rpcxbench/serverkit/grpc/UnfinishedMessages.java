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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * the GOAWAY.
 */
final class UnfinishedMessages extends ChannelDuplexHandler {
  private static final Logger log = LoggerFactory.getLogger(UnfinishedMessages.class);
  private static final RateLimitedLog warnings = new RateLimitedLog(log);

  private static final int PREFACE_BYTES = 24;
  private static final int FRAME_HEADER_BYTES = 9;
  private static final int DATA = 0;
  private static final int HEADERS = 1;
  private static final int RST_STREAM = 3;
  private static final int END_STREAM = 0x1;
  private static final int PADDED = 0x8;

  /** After GOAWAY, the connection is closed by this time even if the peer reads nothing. */
  private static final long CLOSE_AFTER_GOAWAY_MILLIS = 1_000;

  private final String name;
  private final InputBudget budget;
  private final BudgetShare share;
  private final int maxStreams;
  private final ResetFlood flood;
  private final ResetFlood.Counter resets;
  private final Duration frameDeadline;
  private final DirectMemoryPressure direct;
  private boolean tooManyResets;
  private String overBudget; // why this connection is refused, once it is
  private final Map<Integer, GrpcMessage> unfinished = new HashMap<>();
  private ScheduledFuture<?> deadlineWatch;
  private final byte[] header = new byte[FRAME_HEADER_BYTES];
  private int prefaceLeft = PREFACE_BYTES;
  private int headerFill;
  private long payloadLeft;
  private int type;
  private int flags;
  private int stream;
  private int padLeft = -1; // DATA: -1 until the pad length byte (if PADDED) is read
  private long held;
  private final List<GrpcMessage> touched = new ArrayList<>(); // unfinished after this read's bytes
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
    this.resets = flood.counter();
    this.frameDeadline = frameDeadline;
    this.direct = direct;
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
    touched.clear();
    scan(bytes);
    account(bytes.capacity());
    if (tooManyResets) {
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
    if (unfinished.size() > maxStreams) {
      goAway(ctx, bytes, unfinished.size() + " streams with unfinished messages", "--max-buffered");
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
    for (GrpcMessage message : unfinished.values()) {
      if (message.held > 0 && now - message.started > frameDeadline.toNanos()) {
        goAway(
            ctx,
            null,
            "a message still unfinished "
                + frameDeadline.toMillis()
                + " ms after its first byte (--frame-deadline)",
            "--frame-deadline");
        return;
      }
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

  /** Follows the frames through these bytes; updates {@link #held}. */
  private void scan(ByteBuf in) {
    int i = in.readerIndex();
    int end = in.writerIndex();
    if (prefaceLeft > 0) {
      int n = Math.min(prefaceLeft, end - i);
      prefaceLeft -= n;
      i += n;
    }
    while (i < end) {
      if (headerFill < FRAME_HEADER_BYTES) {
        header[headerFill++] = in.getByte(i++);
        if (headerFill == FRAME_HEADER_BYTES) {
          frameStarts(i);
        }
        continue;
      }
      int n = (int) Math.min(payloadLeft, end - i);
      if (type == DATA) {
        data(in, i, n);
      }
      i += n;
      payloadLeft -= n;
      if (payloadLeft == 0) {
        frameEnds(i);
      }
    }
  }

  private void frameStarts(int at) {
    payloadLeft = (header[0] & 0xffL) << 16 | (header[1] & 0xff) << 8 | (header[2] & 0xff);
    type = header[3] & 0xff;
    flags = header[4] & 0xff;
    stream =
        (header[5] & 0x7f) << 24
            | (header[6] & 0xff) << 16
            | (header[7] & 0xff) << 8
            | header[8] & 0xff;
    padLeft = type == DATA && (flags & PADDED) != 0 ? -1 : 0;
    if (payloadLeft == 0) {
      frameEnds(at);
    }
  }

  /** The frame ends before index {@code at} of the buffer being scanned. */
  private void frameEnds(int at) {
    headerFill = 0;
    boolean ends =
        type == RST_STREAM || ((type == DATA || type == HEADERS) && (flags & END_STREAM) != 0);
    if (type == HEADERS && !ends) {
      resets.opened(stream);
    } else if (type == RST_STREAM) {
      tooManyResets |= resets.reset(stream);
    } else if (ends) {
      resets.halfClosed(stream);
    }
    if (ends) {
      GrpcMessage message = unfinished.remove(stream);
      if (message != null) {
        held -= message.held;
      }
    }
  }

  /** DATA payload bytes: the pad length, the stream's gRPC bytes, then padding. */
  private void data(ByteBuf in, int from, int n) {
    int i = from;
    int end = from + n;
    if (padLeft < 0 && i < end) {
      padLeft = in.getUnsignedByte(i++);
    }
    long dataLeft = payloadLeft - (i - from) - padLeft;
    int take = (int) Math.max(0, Math.min(dataLeft, end - i));
    if (take == 0) {
      return;
    }
    if (overBudget != null) {
      return; // the connection is being ended
    }
    GrpcMessage message = unfinished.computeIfAbsent(stream, s -> new GrpcMessage());
    long before = message.held;
    message.arrived(in, i, take);
    held += message.held - before;
    if (message.held == 0) {
      unfinished.remove(stream);
    } else if (!touched.contains(message)) {
      touched.add(message);
    }
  }

  /**
   * Charges the connection what it holds once a read is scanned: grpc-java keeps slices of the read
   * buffers until a message is whole, and a slice keeps its whole buffer, so an unfinished message
   * holds the capacity of every read buffer that carried its bytes (issue 59: 1 KiB of a second
   * message read behind a whole 60 KB one held a 64 KiB buffer, and 1,000 such connections ran 64
   * MiB of direct memory out while each counted 1 KiB); a message, once whole, releases them.
   */
  private void account(int readCapacity) {
    long pinned = 0;
    for (GrpcMessage message : unfinished.values()) {
      if (message.held > 0 && touched.contains(message)) {
        message.pinned += readCapacity;
      }
      pinned += message.held > 0 ? message.pinned : 0;
    }
    long charge = held == 0 ? 0 : Math.max(held, pinned);
    if (overBudget != null) {
      return;
    }
    if (!share.holding(charge)) {
      overBudget =
          "its unfinished messages would pass the budget of "
              + budget.max()
              + " bytes for all unfinished requests (--max-buffered)";
    } else if (charge > InputBudget.GRANTED_BYTES && direct.high()) {
      overBudget =
          "it holds "
              + charge
              + " bytes (unfinished messages and the read buffers they keep) while direct memory is"
              + " past "
              + DirectMemoryPressure.HIGH_WATER_PERCENT
              + " % of its limit (--max-buffered)";
    }
  }

  /** One stream's gRPC message in progress: its 5-byte prefix, then the announced length. */
  private static final class GrpcMessage {
    private static final int PREFIX_BYTES = 5;
    private final byte[] prefix = new byte[PREFIX_BYTES];
    private int prefixFill;
    private long bodyLeft;
    long held;
    long pinned; // the capacity of the read buffers that carried its bytes: released once whole
    long started; // System.nanoTime() of the message's first byte

    void arrived(ByteBuf in, int from, int n) {
      int i = from;
      int end = from + n;
      while (i < end) {
        if (prefixFill < PREFIX_BYTES) {
          if (prefixFill == 0) {
            started = System.nanoTime();
          }
          prefix[prefixFill++] = in.getByte(i++);
          held++;
          if (prefixFill == PREFIX_BYTES) {
            bodyLeft =
                (prefix[1] & 0xffL) << 24
                    | (prefix[2] & 0xff) << 16
                    | (prefix[3] & 0xff) << 8
                    | prefix[4] & 0xff;
            if (bodyLeft == 0) {
              done();
            }
          }
          continue;
        }
        int take = (int) Math.min(bodyLeft, end - i);
        i += take;
        bodyLeft -= take;
        held += take;
        if (bodyLeft == 0) {
          done();
        }
      }
    }

    private void done() {
      prefixFill = 0;
      held = 0;
      pinned = 0;
    }
  }
}
