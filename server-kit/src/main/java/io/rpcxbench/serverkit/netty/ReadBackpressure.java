package io.rpcxbench.serverkit.netty;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Stops reading a connection while its channel is not writable (its unsent replies are over Netty's
 * high water mark), and reads again when they drain below the low one: a client that sends requests
 * and never reads the replies then stalls itself, instead of growing the server's outbound buffers
 * without bound.
 */
@ChannelHandler.Sharable
final class ReadBackpressure extends ChannelInboundHandlerAdapter {
  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    ctx.channel().config().setAutoRead(ctx.channel().isWritable());
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    // A reply written during this read may have made the channel unwritable after the event.
    if (!ctx.channel().isWritable()) {
      ctx.channel().config().setAutoRead(false);
    }
    ctx.fireChannelReadComplete();
  }
}
