package io.rpcxbench.rpcx;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.rpcxbench.rpcx.wire.RpcxReply;
import io.rpcxbench.rpcx.wire.RpcxRequest;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Dispatches requests to published methods. {@link NonBlocking} methods run right here on the
 * connection's event loop and their replies are flushed once per read batch; every other method
 * runs on the worker pool, so a method that blocks never stalls a connection. Errors in a call
 * become error replies and the connection stays open; only a broken stream closes it.
 */
@ChannelHandler.Sharable
final class ServerHandler extends ChannelInboundHandlerAdapter {
  private static final Logger log = LoggerFactory.getLogger(ServerHandler.class);

  private final ServiceRegistry registry;
  private final Executor workers;
  private final int maxFrameLength;
  private final AtomicInteger inFlight = new AtomicInteger();

  ServerHandler(ServiceRegistry registry, Executor workers, int maxFrameLength) {
    this.registry = registry;
    this.workers = workers;
    this.maxFrameLength = maxFrameLength;
  }

  /** Calls received whose reply has not yet been written. */
  int inFlight() {
    return inFlight.get();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    RpcxRequest request = (RpcxRequest) msg;
    inFlight.incrementAndGet();
    ServerMethod method;
    Object[] args;
    try {
      method = registry.find(request.getService(), request.getMethod());
      args = method.arguments(request);
    } catch (RpcxException e) {
      reply(ctx, error(request.getId(), e.code(), e.description()), false);
      return;
    } catch (IllegalArgumentException e) {
      reply(
          ctx, error(request.getId(), RpcxException.Code.INVALID_ARGUMENT, e.getMessage()), false);
      return;
    }
    if (method.nonBlocking()) {
      reply(ctx, execute(method, args, request.getId()), false);
      return;
    }
    try {
      workers.execute(() -> reply(ctx, execute(method, args, request.getId()), true));
    } catch (RejectedExecutionException e) {
      reply(
          ctx,
          error(request.getId(), RpcxException.Code.RESOURCE_EXHAUSTED, "server is overloaded"),
          false);
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    Throwable reason = cause.getCause() != null ? cause.getCause() : cause;
    log.warn("closing connection from {}: {}", ctx.channel().remoteAddress(), reason.getMessage());
    ctx.close();
  }

  private RpcxReply execute(ServerMethod method, Object[] args, long id) {
    try {
      return method.reply(id, method.invoke(args));
    } catch (RpcxException e) {
      return error(id, e.code(), e.description());
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable e) {
      log.debug("{} failed", method.fullName(), e);
      String message = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
      return error(id, RpcxException.Code.INTERNAL, method.fullName() + " failed: " + message);
    }
  }

  private void reply(ChannelHandlerContext ctx, RpcxReply reply, boolean flush) {
    RpcxReply sent = reply;
    int size = Frames.messageSize(reply);
    if (size > maxFrameLength) {
      sent =
          error(
              reply.getId(),
              RpcxException.Code.RESOURCE_EXHAUSTED,
              "reply of " + size + " bytes exceeds the maximum frame length " + maxFrameLength);
    }
    try {
      if (flush) {
        ctx.writeAndFlush(Frames.encode(ctx.alloc(), sent), ctx.voidPromise());
      } else {
        ctx.write(Frames.encode(ctx.alloc(), sent), ctx.voidPromise());
      }
    } finally {
      inFlight.decrementAndGet();
    }
  }

  private static RpcxReply error(long id, RpcxException.Code code, String message) {
    return RpcxReply.newBuilder()
        .setId(id)
        .setStatus(StatusCodes.toWire(code))
        .setMessage(message)
        .build();
  }
}
