package io.rpcxbench.protocols.avro;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import io.rpcxbench.serverkit.RateLimitedLog;
import io.rpcxbench.serverkit.netty.NettyLimits;
import io.rpcxbench.serverkit.netty.UnfinishedRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks Avro's Netty framing before Avro's {@code NettyFrameDecoder} sees it, and closes the
 * connection on a frame it must not read. That decoder trusts the peer: it allocates a list of
 * whatever size the header announces (up to a tenth of the heap) and buffers a body of any length
 * (up to 2 GiB) until it has arrived. A frame is {@code int serial, int n}, then n times {@code int
 * length, length bytes}; here n must be 1..{@value #MAX_BUFFERS} and the lengths must add up to at
 * most {@link AvroLimits#MAX_FRAME}. The bytes pass through unchanged; nothing is buffered.
 */
final class NettyFrameGuard extends ChannelInboundHandlerAdapter {
  private static final Logger log = LoggerFactory.getLogger(NettyFrameGuard.class);
  private static final RateLimitedLog warnings = new RateLimitedLog(log);

  /** Buffers in one frame: Avro writes 8 KiB chunks, so a 1 MiB payload is about 130. */
  static final int MAX_BUFFERS = 4096;

  private enum State {
    HEADER,
    LENGTH,
    BODY,
    BROKEN
  }

  private final int maxFrame;
  private final Runnable onFrame;
  private final NettyLimits limits;
  private UnfinishedRequest unfinished;
  private long inFrame;
  private State state = State.HEADER;
  private int headerBytes;
  private int value;
  private int buffersLeft;
  private long frameBytes;
  private int bodyLeft;

  /**
   * @param maxFrame the largest sum of buffer lengths in one frame
   * @param onFrame called on the event loop after each complete frame has passed
   */
  NettyFrameGuard(int maxFrame, Runnable onFrame) {
    this(maxFrame, onFrame, null);
  }

  /**
   * On a server: also reports each unfinished frame to the server kit's limits (frame deadline,
   * budget), which may close the connection.
   */
  NettyFrameGuard(int maxFrame, Runnable onFrame, NettyLimits limits) {
    this.maxFrame = maxFrame;
    this.onFrame = onFrame;
    this.limits = limits;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    if (limits != null) {
      unfinished = limits.unfinishedRequest(ctx);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (unfinished != null) {
      unfinished.release();
    }
    ctx.fireChannelInactive();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!(msg instanceof ByteBuf buf)) {
      ctx.fireChannelRead(msg);
      return;
    }
    int frames = 0;
    String problem = null;
    int i = buf.readerIndex();
    int end = buf.writerIndex();
    while (i < end && problem == null && state != State.BROKEN) {
      if (state == State.BODY) {
        int n = Math.min(bodyLeft, end - i);
        i += n;
        bodyLeft -= n;
      } else {
        value = (value << 8) | (buf.getByte(i++) & 0xff);
        headerBytes++;
      }
      if (state == State.HEADER && headerBytes == 8) {
        problem = header(value);
      } else if (state == State.LENGTH && headerBytes == 4) {
        problem = length(value);
      }
      if (problem == null && state == State.BODY && bodyLeft == 0) {
        frames += endOfBuffer();
      }
    }
    if (problem != null || state == State.BROKEN) {
      if (problem != null) {
        warnings.warn(
            "frame",
            "avro: closing the connection from {}: {}",
            ctx.channel().remoteAddress(),
            problem);
        state = State.BROKEN;
      }
      ReferenceCountUtil.release(msg);
      ctx.close();
      return;
    }
    if (unfinished != null && !unfinished.holding(unfinishedBytes(buf, frames))) {
      ReferenceCountUtil.release(msg);
      state = State.BROKEN;
      return;
    }
    ctx.fireChannelRead(msg);
    for (int f = 0; f < frames; f++) {
      onFrame.run();
    }
  }

  /**
   * The capacity Avro's decoder holds for the frame still arriving, 0 between frames: its
   * cumulation grows to the next power of two of the bytes that arrived (an approximation).
   */
  private long unfinishedBytes(ByteBuf buf, int frames) {
    boolean between = state == State.HEADER && headerBytes == 0;
    if (frames > 0) {
      inFrame = 0; // an approximation: what followed the last complete frame counts from here
    }
    inFrame = between ? 0 : inFrame + buf.readableBytes();
    return inFrame <= 64 ? inFrame : Long.highestOneBit(inFrame - 1) << 1;
  }

  private String header(int listSize) {
    if (listSize < 1 || listSize > MAX_BUFFERS) {
      return "a frame of " + listSize + " buffers, the limit is " + MAX_BUFFERS;
    }
    buffersLeft = listSize;
    frameBytes = 0;
    expectLength();
    return null;
  }

  private String length(int length) {
    frameBytes += length;
    if (length < 0 || frameBytes > maxFrame) {
      return "a frame of "
          + (length < 0 ? "negative length " + length : "more than " + maxFrame + " bytes");
    }
    bodyLeft = length;
    state = State.BODY;
    return null;
  }

  /** One buffer is through: the next length, or the next frame. Returns the frames completed. */
  private int endOfBuffer() {
    if (--buffersLeft > 0) {
      expectLength();
      return 0;
    }
    state = State.HEADER;
    headerBytes = 0;
    value = 0;
    return 1;
  }

  private void expectLength() {
    state = State.LENGTH;
    headerBytes = 0;
    value = 0;
  }
}
