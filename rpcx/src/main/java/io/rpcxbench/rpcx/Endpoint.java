package io.rpcxbench.rpcx;

import io.netty.bootstrap.Bootstrap;
import io.rpcxbench.rpcx.wire.RpcxReply;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One server address with its connections (round robin) and the blocking and async call paths,
 * each bounded by the call timeout.
 */
final class Endpoint {
  private final Connection[] connections;
  private final AtomicInteger nextConnection = new AtomicInteger();
  private final AtomicLong ids;
  private final long timeoutNanos;
  private final ScheduledExecutorService scheduler;

  Endpoint(Bootstrap bootstrap, String host, int port, ClientSettings settings, AtomicLong ids) {
    this.connections = new Connection[settings.connectionsPerAddress()];
    for (int i = 0; i < connections.length; i++) {
      connections[i] = new Connection(bootstrap, host, port, settings.maxFrameLength());
    }
    this.ids = ids;
    this.timeoutNanos = settings.callTimeout().toNanos();
    this.scheduler = bootstrap.config().group();
  }

  /** A blocking call, as in the paper. */
  Object call(ClientMethod method, Object[] args) {
    Connection connection = nextConnection();
    PendingCall call = connection.send(ids.incrementAndGet(), method, args);
    RpcxReply reply;
    try {
      reply = call.get(timeoutNanos, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      connection.pending().fail(call, deadlineExceeded(method));
      throw deadlineExceeded(method);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      connection.pending().fail(call, cancelled(method));
      throw cancelled(method);
    } catch (ExecutionException e) {
      throw rethrow(e.getCause());
    }
    return method.result(reply);
  }

  /** An async call: the future completes with the result or an {@link RpcxException}. */
  CompletableFuture<Object> callAsync(ClientMethod method, Object[] args) {
    Connection connection = nextConnection();
    PendingCall call;
    try {
      call = connection.send(ids.incrementAndGet(), method, args);
    } catch (RpcxException e) {
      return CompletableFuture.failedFuture(e);
    }
    ScheduledFuture<?> deadline =
        scheduler.schedule(
            () -> connection.pending().fail(call, deadlineExceeded(method)),
            timeoutNanos,
            TimeUnit.NANOSECONDS);
    call.whenComplete((reply, error) -> deadline.cancel(false));
    return call.thenApply(method::result);
  }

  int pendingCalls() {
    int total = 0;
    for (Connection connection : connections) {
      total += connection.pending().size();
    }
    return total;
  }

  int connects() {
    int total = 0;
    for (Connection connection : connections) {
      total += connection.connects();
    }
    return total;
  }

  void close() {
    for (Connection connection : connections) {
      connection.close();
    }
  }

  private Connection nextConnection() {
    if (connections.length == 1) {
      return connections[0];
    }
    return connections[Math.floorMod(nextConnection.getAndIncrement(), connections.length)];
  }

  private RpcxException deadlineExceeded(ClientMethod method) {
    return new RpcxException(
        RpcxException.Code.DEADLINE_EXCEEDED,
        method.fullName() + " got no reply within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
            + " ms");
  }

  private static RpcxException cancelled(ClientMethod method) {
    return new RpcxException(
        RpcxException.Code.CANCELLED, method.fullName() + ": the calling thread was interrupted");
  }

  /** A new exception for the caller's stack, keeping the code and message of the cause. */
  private static RpcxException rethrow(Throwable cause) {
    if (cause instanceof RpcxException e) {
      return new RpcxException(e.code(), e.description(), e);
    }
    return new RpcxException(RpcxException.Code.INTERNAL, String.valueOf(cause), cause);
  }
}
