package io.rpcxbench.rpcx;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.AttributeKey;
import io.rpcxbench.rpcx.wire.RpcxReply;
import io.rpcxbench.rpcx.wire.RpcxRequest;
import io.rpcxbench.serverkit.RateLimitedLog;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Dispatches requests to published methods. {@link NonBlocking} methods run right here on the
 * connection's event loop and their replies are flushed once per read batch; every other method
 * runs on the worker pool, so a method that blocks never stalls a connection. Errors in a call
 * become error replies and the connection stays open; only a broken stream closes it. A connection
 * with {@link #MAX_WORKER_CALLS} calls on the workers is not read until some end (the writability
 * backpressure in front of this handler does the same for unsent replies).
 */
@ChannelHandler.Sharable
final class ServerHandler extends ChannelInboundHandlerAdapter {
  private static final Logger log = LoggerFactory.getLogger(ServerHandler.class);
  private static final RateLimitedLog warnings = new RateLimitedLog(log);

  /** Calls of one connection running or queued on the workers before its reading stops. */
  static final int MAX_WORKER_CALLS = 256;

  private static final AttributeKey<AtomicInteger> WORKER_CALLS =
      AttributeKey.valueOf("rpcx.workerCalls");

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
    if (msg instanceof RequestDecoder.Rejected rejected) {
      inFlight.incrementAndGet();
      reply(ctx, error(rejected.id(), rejected.code(), rejected.message()), false);
      return;
    }
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
    AtomicInteger onWorkers = workerCalls(ctx);
    if (onWorkers.incrementAndGet() >= MAX_WORKER_CALLS) {
      ctx.channel().config().setAutoRead(false);
    }
    try {
      workers.execute(
          () -> {
            reply(ctx, execute(method, args, request.getId()), true);
            if (onWorkers.decrementAndGet() == MAX_WORKER_CALLS / 2) {
              ctx.executor().execute(() -> resumeReading(ctx, onWorkers));
            }
          });
    } catch (RejectedExecutionException e) {
      onWorkers.decrementAndGet();
      reply(
          ctx,
          error(request.getId(), RpcxException.Code.RESOURCE_EXHAUSTED, "server is overloaded"),
          false);
    }
  }

  private static AtomicInteger workerCalls(ChannelHandlerContext ctx) {
    AtomicInteger calls = ctx.channel().attr(WORKER_CALLS).get();
    if (calls == null) {
      calls = new AtomicInteger();
      ctx.channel().attr(WORKER_CALLS).set(calls); // event loop only: no race
    }
    return calls;
  }

  private static void resumeReading(ChannelHandlerContext ctx, AtomicInteger onWorkers) {
    if (onWorkers.get() < MAX_WORKER_CALLS && ctx.channel().isWritable()) {
      ctx.channel().config().setAutoRead(true);
    }
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    // The backpressure handler in front resumed reading as the replies drained: not while the
    // workers still hold this connection's maximum.
    AtomicInteger onWorkers = ctx.channel().attr(WORKER_CALLS).get();
    if (onWorkers != null && onWorkers.get() >= MAX_WORKER_CALLS) {
      ctx.channel().config().setAutoRead(false);
    }
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    Throwable reason = cause.getCause() != null ? cause.getCause() : cause;
    warnings.warn(
        "connection",
        "closing the connection from {}: {}",
        ctx.channel().remoteAddress(),
        reason.getMessage() != null ? reason.getMessage() : reason.toString());
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
