package io.rpcxbench.rpcx;

import io.netty.bootstrap.Bootstrap;
import io.rpcxbench.rpcx.wire.RpcxReply;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One server address with its connections (round robin) and the blocking and async call paths, each
 * bounded by the call timeout.
 */
final class Endpoint {
  private final Connection[] connections;
  private final AtomicInteger nextConnection = new AtomicInteger();
  private final AtomicLong ids;
  private final long timeoutNanos;

  Endpoint(Bootstrap bootstrap, String host, int port, ClientSettings settings, AtomicLong ids) {
    this.connections = new Connection[settings.connectionsPerAddress()];
    for (int i = 0; i < connections.length; i++) {
      connections[i] = new Connection(bootstrap, host, port, settings);
    }
    this.ids = ids;
    this.timeoutNanos = settings.callTimeout().toNanos();
  }

  /** A blocking call, as in the paper. */
  Object call(ClientMethod method, Object[] args) {
    long deadline = System.nanoTime() + timeoutNanos;
    PendingCall call = nextConnection().sendBlocking(ids.incrementAndGet(), method, args);
    Object outcome;
    try {
      outcome = call.await(deadline);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      call.fail(Deadlines.cancelled(method));
      throw Deadlines.cancelled(method);
    }
    if (outcome == null) {
      // Either this ends the call, or its reply won the race and is used.
      call.fail(Deadlines.exceeded(method, timeoutNanos));
      outcome = call.outcome();
    }
    if (outcome instanceof RpcxReply reply) {
      return method.result(reply);
    }
    RpcxException error = (RpcxException) outcome;
    // A new exception for the caller's stack, keeping the code and description.
    throw new RpcxException(error.code(), error.description(), error);
  }

  /** An async call: the future completes with the result or an {@link RpcxException}. */
  CompletableFuture<Object> callAsync(ClientMethod method, Object[] args) {
    PendingCall call;
    try {
      call = nextConnection().sendAsync(ids.incrementAndGet(), method, args, timeoutNanos);
    } catch (RpcxException e) {
      return CompletableFuture.failedFuture(e);
    }
    return call.future();
  }

  int pendingCalls() {
    int total = 0;
    for (Connection connection : connections) {
      total += connection.pendingCalls();
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

  int connectAttempts() {
    int total = 0;
    for (Connection connection : connections) {
      total += connection.connectAttempts();
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
}
