package io.rpcxbench.serverkit.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection that sends nothing within the kit's {@code --handshake-deadline} of its
 * accept, as gRPC's handshake timeout closes one without its HTTP/2 preface: a cap of connections
 * is never held by connections that said nothing. The first byte read, or a TLS handshake done
 * (whose own deadline is the same), ends the watch and takes the handler out of the pipeline; from
 * then the idle timeout and the frame deadline apply.
 */
final class FirstByteDeadline extends ChannelInboundHandlerAdapter {
  private final NettyLimits server;
  private ScheduledFuture<?> closing;

  FirstByteDeadline(NettyLimits server) {
    this.server = server;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    if (ctx.channel().isActive()) {
      watch(ctx);
    }
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    watch(ctx);
    ctx.fireChannelActive();
  }

  private void watch(ChannelHandlerContext ctx) {
    if (closing != null) {
      return;
    }
    long nanos = server.limits().handshakeDeadline().toNanos();
    closing =
        ctx.executor()
            .schedule(
                () -> {
                  server
                      .warnings()
                      .warn(
                          "silent",
                          "{}: closed the connection from {}: it sent nothing in {}"
                              + " (--handshake-deadline)",
                          server.name(),
                          ctx.channel().remoteAddress(),
                          server.limits().handshakeDeadline());
                  ctx.close();
                },
                nanos,
                TimeUnit.NANOSECONDS);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    stop();
    ctx.pipeline().remove(this);
    ctx.fireChannelRead(msg);
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
    if (evt instanceof SslHandshakeCompletionEvent done && done.isSuccess()) {
      stop();
      ctx.pipeline().remove(this);
    }
    ctx.fireUserEventTriggered(evt);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    stop();
    ctx.fireChannelInactive();
  }

  private void stop() {
    if (closing != null) {
      closing.cancel(false);
    }
  }
}
