package io.rpcxbench.protocols.bert;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import io.rpcxbench.serverkit.RateLimitedLog;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request frame in, its reply frame out, on the event loop: decoding and BenchLogic are a few
 * microseconds for the benchmark's calls, less than a hand-off to another thread would cost. A
 * frame whose length is over the bound gets the spec's protocol error 1 and the connection is
 * closed, since the framing cannot be trusted after it; errors inside a frame are replies (see
 * {@link BertCalls}).
 */
final class BertServerHandler extends SimpleChannelInboundHandler<ByteBuf> {
  private static final Logger log = LoggerFactory.getLogger(BertServerHandler.class);
  private static final RateLimitedLog warnings = new RateLimitedLog(log);

  private final BertCalls calls;

  BertServerHandler(BertCalls calls) {
    this.calls = calls;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
    TermFrame reply;
    int length = frame.readableBytes();
    if (frame.hasArray()) {
      reply = calls.answer(frame.array(), frame.arrayOffset() + frame.readerIndex(), length);
    } else {
      reply = calls.answer(ByteBufUtil.getBytes(frame), 0, length);
    }
    if (reply != null) {
      ctx.writeAndFlush(Unpooled.wrappedBuffer(reply.array(), 0, reply.size()));
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof TooLongFrameException || cause instanceof CorruptedFrameException) {
      warnings.warn(
          "frame",
          "bert: closing the connection from {}: {}",
          ctx.channel().remoteAddress(),
          cause.toString());
      TermFrame error = Replies.protocolError(Replies.UNABLE_TO_READ_HEADER, cause.getMessage());
      ctx.writeAndFlush(Unpooled.wrappedBuffer(error.array(), 0, error.size()))
          .addListener(ChannelFutureListener.CLOSE);
    } else if (cause instanceof IOException) {
      log.debug(
          "bert: connection from {} ended: {}", ctx.channel().remoteAddress(), cause.toString());
      ctx.close();
    } else {
      warnings.warn(
          "error",
          "bert: closing the connection from {}: {}",
          ctx.channel().remoteAddress(),
          cause.toString());
      ctx.close();
    }
  }
}
