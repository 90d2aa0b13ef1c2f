package io.rpcxbench.serverkit.grpc;

import io.grpc.netty.shaded.io.netty.buffer.ByteBuf;
import io.grpc.netty.shaded.io.netty.channel.ChannelHandlerContext;
import io.grpc.netty.shaded.io.netty.channel.ChannelInboundHandlerAdapter;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2Error;
import io.grpc.netty.shaded.io.netty.handler.codec.http2.Http2Exception;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslHandler;
import io.grpc.netty.shaded.io.netty.util.ReferenceCountUtil;
import io.rpcxbench.serverkit.BudgetShare;
import io.rpcxbench.serverkit.RateLimitedLog;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The process's budget for unfinished requests ({@code --max-buffered}) on a gRPC connection, which
 * grpc-java does not have: in front of grpc-java's HTTP/2 handler (after TLS, if any), it reads the
 * HTTP/2 frames as they arrive and, in each stream's DATA, the gRPC messages' 5-byte prefixes; the
 * bytes of messages still unfinished are the connection's share of the budget. grpc-java hands the
 * flow-control window back as it moves a message's bytes into the message being assembled, so the
 * window does not bound them; this does. A connection whose share cannot grow is ended the HTTP/2
 * way: grpc-java's handler is told of a connection error {@code ENHANCE_YOUR_CALM} and sends GOAWAY
 * with it (debug data {@code --max-buffered}), then closes; its input is dropped unread. So does a
 * connection with more streams holding unfinished messages than a client may open (twice the
 * concurrent-stream limit). Counted are bytes, not the capacity of the read buffers grpc-java holds
 * slices of (approximate, as for the Netty servers' cumulation). One per connection, on its event
 * loop.
 */
final class UnfinishedMessages extends ChannelInboundHandlerAdapter {
  private static final Logger log = LoggerFactory.getLogger(UnfinishedMessages.class);
  private static final RateLimitedLog warnings = new RateLimitedLog(log);

  private static final int PREFACE_BYTES = 24;
  private static final int FRAME_HEADER_BYTES = 9;
  private static final int DATA = 0;
  private static final int HEADERS = 1;
  private static final int RST_STREAM = 3;
  private static final int END_STREAM = 0x1;
  private static final int PADDED = 0x8;

  private final String name;
  private final BudgetShare share;
  private final int maxStreams;
  private final Map<Integer, GrpcMessage> unfinished = new HashMap<>();
  private final byte[] header = new byte[FRAME_HEADER_BYTES];
  private int prefaceLeft = PREFACE_BYTES;
  private int headerFill;
  private long payloadLeft;
  private int type;
  private int flags;
  private int stream;
  private int padLeft = -1; // DATA: -1 until the pad length byte (if PADDED) is read
  private long held;
  private boolean refused;
  private boolean passThrough;

  UnfinishedMessages(String name, BudgetShare share, int maxStreams) {
    this.name = name;
    this.share = share;
    this.maxStreams = maxStreams;
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
    if (movedBehindTls(ctx)) {
      ctx.fireChannelRead(msg);
      return;
    }
    scan(bytes);
    String reason = null;
    if (unfinished.size() > maxStreams) {
      reason = unfinished.size() + " streams with unfinished messages";
    } else if (!share.holding(held)) {
      reason = share.refusal(held);
    }
    if (reason == null) {
      ctx.fireChannelRead(msg);
      return;
    }
    refused = true;
    bytes.release();
    warnings.warn(
        "budget",
        "{}: GOAWAY ENHANCE_YOUR_CALM to {}: {}",
        name,
        ctx.channel().remoteAddress(),
        reason);
    share.release();
    unfinished.clear();
    ctx.fireExceptionCaught(
        Http2Exception.connectionError(Http2Error.ENHANCE_YOUR_CALM, "--max-buffered"));
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    share.release();
    unfinished.clear();
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
              new UnfinishedMessages(name, share, maxStreams));
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
          frameStarts();
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
        frameEnds();
      }
    }
  }

  private void frameStarts() {
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
      frameEnds();
    }
  }

  private void frameEnds() {
    headerFill = 0;
    boolean ends =
        type == RST_STREAM || ((type == DATA || type == HEADERS) && (flags & END_STREAM) != 0);
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
    GrpcMessage message = unfinished.computeIfAbsent(stream, s -> new GrpcMessage());
    long before = message.held;
    message.arrived(in, i, take);
    held += message.held - before;
    if (message.held == 0) {
      unfinished.remove(stream);
    }
  }

  /** One stream's gRPC message in progress: its 5-byte prefix, then the announced length. */
  private static final class GrpcMessage {
    private static final int PREFIX_BYTES = 5;
    private final byte[] prefix = new byte[PREFIX_BYTES];
    private int prefixFill;
    private long bodyLeft;
    long held;

    void arrived(ByteBuf in, int from, int n) {
      int i = from;
      int end = from + n;
      while (i < end) {
        if (prefixFill < PREFIX_BYTES) {
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
    }
  }
}
