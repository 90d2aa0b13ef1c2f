package io.rpcxbench.rpcx;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.rpcxbench.rpcx.wire.RpcxReply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Completes pending calls from replies; fails them all when the connection goes. */
final class ClientHandler extends SimpleChannelInboundHandler<RpcxReply> {
  private static final Logger log = LoggerFactory.getLogger(ClientHandler.class);

  private final PendingCalls pending;
  private final String address;

  ClientHandler(PendingCalls pending, String address) {
    this.pending = pending;
    this.address = address;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, RpcxReply reply) {
    PendingCall call = pending.remove(reply.getId());
    if (call != null) {
      call.complete(reply);
    } else {
      log.debug("reply {} from {} arrived after its call ended", reply.getId(), address);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    pending.failAll(
        new RpcxException(RpcxException.Code.UNAVAILABLE, "connection to " + address + " lost"));
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    log.warn("closing connection to {}: {}", address, cause.getMessage());
    ctx.close();
  }
}
