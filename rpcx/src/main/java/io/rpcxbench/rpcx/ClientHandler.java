package io.rpcxbench.rpcx;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.rpcxbench.rpcx.wire.RpcxReply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Ends pending calls with their replies; fails them all when the connection goes. */
final class ClientHandler extends SimpleChannelInboundHandler<RpcxReply> {
  private static final Logger log = LoggerFactory.getLogger(ClientHandler.class);

  private final String address;
  private PendingCalls pending;
  private volatile boolean replied;

  ClientHandler(String address) {
    this.address = address;
  }

  /** The channel's pending calls; set when the handler is added, on the event loop. */
  PendingCalls pending() {
    return pending;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    pending = new PendingCalls(ctx.channel().eventLoop());
  }

  /** Whether any reply arrived on this connection (a server that closes at once sends none). */
  boolean replied() {
    return replied;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, RpcxReply reply) {
    if (!replied) {
      replied = true;
    }
    PendingCall call = pending.remove(reply.getId());
    if (call != null) {
      call.finish(reply);
    } else {
      log.debug("reply {} from {} arrived after its call ended", reply.getId(), address);
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    // the failure that closed it, if any (e.g. a TLS alert), so the caller learns why
    pending.failAll(pending.lost("connection to " + address + " lost"));
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    log.warn("closing connection to {}: {}", address, cause.getMessage());
    pending.closedBy(cause);
    ctx.close();
  }
}
