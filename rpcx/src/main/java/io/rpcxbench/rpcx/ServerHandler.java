package io.rpcxbench.rpcx;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.rpcxbench.rpcx.wire.RpcxReply;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Dispatches one connection's requests to published methods. {@link NonBlocking} methods run right
 * here on the connection's event loop; every other method runs on the worker pool, so a method that
 * blocks never stalls a connection. Replies are encoded straight into frames and gathered into one
 * {@link ReplyBatch} per read, written and flushed once. Errors in a call become error replies and
 * the connection stays open; only a broken stream closes it. A connection with {@link
 * #MAX_WORKER_CALLS} calls on the workers is not read until some end (the writability backpressure
 * in front of this handler does the same for unsent replies).
 */
final class ServerHandler extends ChannelInboundHandlerAdapter {
  private static final Logger log = LoggerFactory.getLogger(ServerHandler.class);
  private static final ConnectionWarnings warnings = new ConnectionWarnings(log);

  /** Calls of one connection running or queued on the workers before its reading stops. */
  static final int MAX_WORKER_CALLS = 256;

  private final Executor workers;
  private final int maxFrameLength;
  private final AtomicInteger inFlight;
  private final AtomicInteger onWorkers = new AtomicInteger();
  private ReplyBatch replies;

  /**
   * @param inFlight the server's calls received whose reply has not been flushed yet, shared by all
   *     its connections
   */
  ServerHandler(Executor workers, int maxFrameLength, AtomicInteger inFlight) {
    this.workers = workers;
    this.maxFrameLength = maxFrameLength;
    this.inFlight = inFlight;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    replies = new ReplyBatch(ctx, inFlight);
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    replies.discard();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    replies.reading();
    inFlight.incrementAndGet();
    if (msg instanceof RequestDecoder.Rejected rejected) {
      replies.add(errorFrame(rejected.id(), rejected.code(), rejected.message()));
      return;
    }
    RequestDecoder.Call call = (RequestDecoder.Call) msg;
    ServerMethod method = call.method();
    long id = call.id();
    Object[] args;
    try {
      args = method.arguments(call.parameters());
    } catch (IllegalArgumentException e) {
      replies.add(errorFrame(id, RpcxException.Code.INVALID_ARGUMENT, e.getMessage()));
      return;
    }
    if (method.nonBlocking()) {
      replies.add(execute(method, args, id));
      return;
    }
    if (onWorkers.incrementAndGet() >= MAX_WORKER_CALLS) {
      ctx.channel().config().setAutoRead(false);
    }
    try {
      workers.execute(() -> runOnWorker(ctx, method, args, id));
    } catch (RejectedExecutionException e) {
      onWorkers.decrementAndGet();
      replies.add(errorFrame(id, RpcxException.Code.RESOURCE_EXHAUSTED, "server is overloaded"));
    }
  }

  private void runOnWorker(ChannelHandlerContext ctx, ServerMethod method, Object[] args, long id) {
    byte[] frame = execute(method, args, id);
    boolean resume = onWorkers.decrementAndGet() == MAX_WORKER_CALLS / 2;
    try {
      ctx.executor()
          .execute(
              () -> {
                replies.add(frame);
                if (resume) {
                  resumeReading(ctx);
                }
              });
    } catch (RejectedExecutionException e) {
      inFlight.decrementAndGet(); // the server is stopping: the connection goes with it
    }
  }

  private void resumeReading(ChannelHandlerContext ctx) {
    if (onWorkers.get() < MAX_WORKER_CALLS && ctx.channel().isWritable()) {
      ctx.channel().config().setAutoRead(true);
    }
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    // The backpressure handler in front resumed reading as the replies drained: not while the
    // workers still hold this connection's maximum.
    if (onWorkers.get() >= MAX_WORKER_CALLS) {
      ctx.channel().config().setAutoRead(false);
    }
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    replies.readComplete();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    Throwable reason = cause.getCause() != null ? cause.getCause() : cause;
    warnings.warn(
        "closing the connection from {}: {}",
        ctx.channel().remoteAddress(),
        reason.getMessage() != null ? reason.getMessage() : reason.toString());
    ctx.close();
  }

  /** Runs the method; its reply frame, or an error reply's. */
  private byte[] execute(ServerMethod method, Object[] args, long id) {
    try {
      return method.replyFrame(id, method.invoke(args), maxFrameLength);
    } catch (RpcxException e) {
      return errorFrame(id, e.code(), e.description());
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable e) {
      log.debug("{} failed", method.fullName(), e);
      String message = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
      return errorFrame(id, RpcxException.Code.INTERNAL, method.fullName() + " failed: " + message);
    }
  }

  private byte[] errorFrame(long id, RpcxException.Code code, String message) {
    RpcxReply reply = error(id, code, message);
    int size = Frames.messageSize(reply);
    if (size > maxFrameLength) {
      reply =
          error(
              id,
              RpcxException.Code.RESOURCE_EXHAUSTED,
              "reply of " + size + " bytes exceeds the maximum frame length " + maxFrameLength);
    }
    return Frames.frame(reply);
  }

  private static RpcxReply error(long id, RpcxException.Code code, String message) {
    return RpcxReply.newBuilder()
        .setId(id)
        .setStatus(StatusCodes.toWire(code))
        .setMessage(message)
        .build();
  }
}
