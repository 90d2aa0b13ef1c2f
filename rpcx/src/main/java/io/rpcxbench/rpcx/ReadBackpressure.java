package io.rpcxbench.rpcx;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Stops reading a connection while its channel is not writable and reads again once its replies
 * drain: a client that never reads its replies stalls itself instead of growing the server's
 * outbound buffers.
 */
@ChannelHandler.Sharable
final class ReadBackpressure extends ChannelInboundHandlerAdapter {
  static final ReadBackpressure INSTANCE = new ReadBackpressure();

  private ReadBackpressure() {}

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
