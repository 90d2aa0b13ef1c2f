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
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * Netty's aggregator, but a request over the limit is answered 413 with {@code Connection: close},
 * the rest of its body is read and dropped (a client still sending would otherwise see a reset
 * instead of the answer), and the connection is closed after it. Netty's own answer to a keep-alive
 * request said nothing of a close, and the kit's byte watch closed the connection anyway: a client
 * that reused it (the JDK's HttpClient) failed its next call.
 */
final class ClosingAggregator extends HttpObjectAggregator {
  private boolean closeAfterBody;

  ClosingAggregator(int maxContentLength) {
    super(maxContentLength);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    boolean last = msg instanceof LastHttpContent;
    super.channelRead(ctx, msg);
    if (closeAfterBody && last) {
      ctx.close();
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
    if (oversized instanceof FullHttpMessage) {
      ctx.writeAndFlush(tooLarge).addListener(ChannelFutureListener.CLOSE);
    } else {
      ctx.writeAndFlush(tooLarge);
      closeAfterBody = true; // once the body Netty drops has ended
    }
  }
}
