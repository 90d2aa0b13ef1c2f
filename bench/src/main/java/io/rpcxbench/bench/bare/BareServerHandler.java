package io.rpcxbench.bench.bare;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Answers every frame right here on the event loop: {@code [id]["hello, " + name]} (the name's
 * bytes are copied, never decoded) or, for an echo, {@code [id][payload]}. Replies are written as
 * they come and flushed once per read batch.
 */
@ChannelHandler.Sharable
final class BareServerHandler extends ChannelInboundHandlerAdapter {
  static final BareServerHandler INSTANCE = new BareServerHandler();

  private BareServerHandler() {}

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ByteBuf request = (ByteBuf) msg;
    try {
      long id = request.readLong();
      boolean echo = (id & BareFrames.ECHO_BIT) != 0;
      int length =
          BareFrames.ID_BYTES
              + (echo ? 0 : BareFrames.HELLO_PREFIX.length)
              + request.readableBytes();
      ByteBuf reply = ctx.alloc().ioBuffer(BareFrames.frameSize(length));
      BareFrames.writeVarint32(reply, length);
      reply.writeLong(id);
      if (!echo) {
        reply.writeBytes(BareFrames.HELLO_PREFIX);
      }
      reply.writeBytes(request);
      ctx.write(reply, ctx.voidPromise());
    } finally {
      request.release();
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    // A broken stream (bad frame, reset): drop this connection only.
    ctx.close();
  }
}
