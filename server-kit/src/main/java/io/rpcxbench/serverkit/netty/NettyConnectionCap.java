package io.rpcxbench.serverkit.netty;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.rpcxbench.serverkit.ConnectionCap;

/**
 * The {@link ConnectionCap} on a Netty server channel: sits in the listening channel's pipeline
 * ({@code ServerBootstrap.handler(...)}), where every accepted connection passes as a message
 * before it is registered, and closes the ones over the cap before they cost an event loop
 * registration.
 */
@ChannelHandler.Sharable
final class NettyConnectionCap extends ChannelInboundHandlerAdapter {
  private final ConnectionCap cap;
  private final ChannelFutureListener closed;

  NettyConnectionCap(ConnectionCap cap) {
    this.cap = cap;
    this.closed = future -> cap.closed();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof Channel child) {
      if (!cap.tryOpen()) {
        child.unsafe().closeForcibly();
        return;
      }
      child.closeFuture().addListener(closed);
    }
    ctx.fireChannelRead(msg);
  }
}
