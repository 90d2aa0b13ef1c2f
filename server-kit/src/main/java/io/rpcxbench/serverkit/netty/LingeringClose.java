package io.rpcxbench.serverkit.netty;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection after a refusal so that the client reads the refusal: nginx's lingering
 * close. Closing a socket that still holds unread request bytes resets the connection, and a client
 * still sending its (oversized) request then sees "broken pipe" or "connection reset" instead of
 * the server's answer. So: the answer, then the end of the server's output (TLS close_notify, or a
 * TCP FIN), then whatever the client still sends is read and dropped until it closes, for at most
 * {@link #LINGER_MS}. The handlers before the caller must drop what arrives after the refusal.
 *
 * <pre>{@code
 * LingeringClose.after(ctx, ctx.writeAndFlush(error));
 * }</pre>
 */
public final class LingeringClose {
  /** The longest a refused connection stays open for the client to read the refusal. */
  public static final long LINGER_MS = 2_000;

  private LingeringClose() {}

  /** Once {@code answer} is written: output ended, input drained, closed within the linger. */
  public static void after(ChannelHandlerContext ctx, ChannelFuture answer) {
    answer.addListener(
        written -> {
          if (!written.isSuccess() || !ctx.channel().isActive()) {
            ctx.close();
            return;
          }
          ctx.executor().schedule(() -> ctx.close(), LINGER_MS, TimeUnit.MILLISECONDS);
          ctx.pipeline().addFirst("linger-drain", new Drain());
          FrameWatch.handled(ctx.channel());
          ctx.channel().config().setAutoRead(true);
          SslHandler tls = ctx.pipeline().get(SslHandler.class);
          if (tls != null) {
            tls.closeOutbound();
          } else if (ctx.channel() instanceof DuplexChannel duplex) {
            duplex.shutdownOutput();
          }
        });
  }

  /** Reads and drops everything. */
  private static final class Drain extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ReferenceCountUtil.release(msg);
    }

    /**
     * Not passed on (nor {@link #channelReadComplete}): an ended output is never writable again,
     * and the backpressure handler would stop reading for good.
     */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
      ctx.channel().config().setAutoRead(true);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      // the handlers behind have nothing more to do with this connection
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }
}
