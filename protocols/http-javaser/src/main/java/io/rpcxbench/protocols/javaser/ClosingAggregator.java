package io.rpcxbench.protocols.javaser;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpMessage;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.rpcxbench.serverkit.netty.NettyLimits;

/**
 * Netty's aggregator, but a request over the limit is answered 413 with {@code Connection: close}
 * and the connection is closed after it. A body of declared length up to {@link #drainLimit} is
 * read and dropped first (a client still sending would otherwise see a reset instead of the
 * answer), and the kit's frame watch is told so, since the dropped bytes are not held. A larger or
 * chunked body is not read: the connection closes right after the answer. Netty's own answer to a
 * keep-alive request said nothing of a close: a client that reused the connection (the JDK's
 * HttpClient) failed its next call.
 */
final class ClosingAggregator extends HttpObjectAggregator {
  private static final int MIN_DRAIN_BYTES = 1 << 20;

  private final NettyLimits limits;
  private final long drainLimit;
  private boolean dropping;

  /**
   * @param limits the server's limits, whose frame watch the dropped bytes are reported to
   */
  ClosingAggregator(int maxContentLength, NettyLimits limits) {
    super(maxContentLength);
    this.limits = limits;
    this.drainLimit = Math.max(MIN_DRAIN_BYTES, 4L * maxContentLength);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    boolean last = msg instanceof LastHttpContent;
    super.channelRead(ctx, msg);
    if (dropping) {
      limits.requestDropped(ctx);
      if (last) {
        ctx.close();
      }
    }
  }

  @Override
  protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
    FullHttpResponse tooLarge =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
            Unpooled.EMPTY_BUFFER);
    tooLarge
        .headers()
        .set(HttpHeaderNames.CONTENT_LENGTH, 0)
        .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    long declared = HttpUtil.getContentLength(oversized, -1L);
    if (oversized instanceof FullHttpMessage || declared < 0 || declared > drainLimit) {
      ctx.writeAndFlush(tooLarge).addListener(ChannelFutureListener.CLOSE);
    } else {
      ctx.writeAndFlush(tooLarge);
      dropping = true; // until the body Netty drops has ended
    }
  }
}
