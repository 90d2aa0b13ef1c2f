package io.rpcxbench.bench.bare;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/** Hands each reply body to its waiting caller; fails every pending call when the link goes. */
final class BareClientHandler extends ChannelInboundHandlerAdapter {
  private final BarePendingCalls pending;
  private final String address;

  BareClientHandler(BarePendingCalls pending, String address) {
    this.pending = pending;
    this.address = address;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ByteBuf reply = (ByteBuf) msg;
    try {
      BareCall call = pending.remove(reply.readLong() & ~BareFrames.ECHO_BIT);
      if (call != null) { // else its call timed out
        call.complete(ByteBufUtil.getBytes(reply));
      }
    } finally {
      reply.release();
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    pending.failAll(new BareException("connection to " + address + " lost"));
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}
