package io.rpcxbench.rpcx;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * One persistent TCP connection to a server, opened on first use and opened again on the next call
 * after it was lost. Owns the pending calls of whatever channel is current. When opening fails, the
 * next attempt waits a {@link Backoff}; calls until then fail at once with UNAVAILABLE instead of
 * each dialling a server that is down (thousands of attempts per second otherwise).
 */
final class Connection {
  private final Bootstrap bootstrap;
  private final String host;
  private final int port;
  private final String address;
  private final int maxFrameLength;
  private final boolean coalesceWrites;
  private volatile Link link;
  private volatile int connects;
  private volatile int attempts;
  private final Backoff backoff = new Backoff();
  private RpcxException lastFailure;
  private long retryAt;

  /** The current channel with the queue that feeds it and the calls waiting on it. */
  private record Link(
      Channel channel, WriteQueue writes, PendingCalls pending, ClientHandler handler) {}

  Connection(Bootstrap bootstrap, String host, int port, ClientSettings settings) {
    this.coalesceWrites = settings.coalesceWrites();
    this.host = host;
    this.port = port;
    this.address = host + ":" + port;
    this.maxFrameLength = settings.maxFrameLength();
    this.bootstrap = bootstrap.clone().handler(new ClientInitializer(host, port, settings));
  }

  /** A blocking call's request, encoded and queued; the caller then awaits the call. */
  PendingCall sendBlocking(long id, ClientMethod method, Object[] args) {
    Link current = activeLink();
    PendingCall call =
        PendingCall.blocking(id, method, method.encode(id, args, maxFrameLength), current.pending);
    current.writes.enqueue(call);
    return call;
  }

  /** An async call's request, encoded and queued, with its deadline on the event loop. */
  PendingCall sendAsync(long id, ClientMethod method, Object[] args, long timeoutNanos) {
    Link current = activeLink();
    PendingCall call =
        PendingCall.async(
            id, method, method.encode(id, args, maxFrameLength), current.pending, timeoutNanos);
    call.deadline(current.channel.eventLoop().schedule(call, timeoutNanos, TimeUnit.NANOSECONDS));
    current.writes.enqueue(call);
    return call;
  }

  /** Calls waiting on the current channel (for tests). */
  int pendingCalls() {
    Link current = link;
    return current == null ? 0 : current.pending.size();
  }

  /** How many times this connection was opened (for tests: reconnects, or their absence). */
  int connects() {
    return connects;
  }

  /** How many times opening it was tried, failures included (for tests: bounded while down). */
  int connectAttempts() {
    return attempts;
  }

  String address() {
    return address;
  }

  void close() {
    Link current = link;
    if (current != null) {
      current.channel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
  }

  private Link activeLink() {
    Link current = link;
    if (current != null && current.channel.isActive()) {
      return current;
    }
    synchronized (this) {
      current = link;
      if (current != null && current.channel.isActive()) {
        return current;
      }
      long now = System.nanoTime();
      if (current != null) { // the connection we had is gone
        link = null;
        if (current.handler.replied()) {
          backoff.reset();
        } else if (lastFailure == null) {
          // closed before a single reply: a server that refuses (at its cap) counts as down
          lastFailure =
              new RpcxException(
                  RpcxException.Code.UNAVAILABLE,
                  "connection to " + address + " closed before any reply");
          retryAt = now + backoff.nextDelayNanos();
        }
      }
      if (lastFailure != null && now - retryAt < 0) {
        throw new RpcxException(
            RpcxException.Code.UNAVAILABLE,
            lastFailure.description()
                + " (next attempt in "
                + TimeUnit.NANOSECONDS.toMillis(retryAt - now)
                + " ms)");
      }
      try {
        current = connect();
      } catch (RpcxException e) {
        lastFailure = e;
        retryAt = System.nanoTime() + backoff.nextDelayNanos();
        throw e;
      }
      lastFailure = null; // the backoff resets once a reply arrives on it (above)
      link = current;
      return current;
    }
  }

  private Link connect() {
    attempts++;
    ChannelFuture connected = bootstrap.connect(host, port).awaitUninterruptibly();
    if (!connected.isSuccess()) {
      Throwable cause = connected.cause();
      String reason = cause == null ? "cancelled" : cause.getMessage();
      throw new RpcxException(
          RpcxException.Code.UNAVAILABLE, "cannot connect to " + address + ": " + reason, cause);
    }
    Channel channel = connected.channel();
    SslHandler tls = channel.pipeline().get(SslHandler.class);
    if (tls != null) {
      // bounded by the handler's handshake timeout (the connect timeout)
      Future<Channel> handshake = tls.handshakeFuture().awaitUninterruptibly();
      if (!handshake.isSuccess()) {
        Throwable cause = handshake.cause();
        channel.close();
        throw new RpcxException(
            RpcxException.Code.UNAVAILABLE,
            "TLS handshake with "
                + address
                + " failed: "
                + (cause == null ? "cancelled" : cause.getMessage()),
            cause);
      }
    }
    connects++;
    ClientHandler handler = channel.pipeline().get(ClientHandler.class);
    if (handler == null) { // closed again before we got to it
      throw new RpcxException(RpcxException.Code.UNAVAILABLE, "connection to " + address + " lost");
    }
    PendingCalls pending = handler.pending();
    return new Link(channel, new WriteQueue(channel, pending, coalesceWrites), pending, handler);
  }
}
