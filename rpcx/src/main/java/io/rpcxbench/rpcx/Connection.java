package io.rpcxbench.rpcx;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.rpcxbench.rpcx.wire.RpcxRequest;

/**
 * One persistent TCP connection to a server, opened on first use and opened again on the next
 * call after it was lost. Owns the pending calls of whatever channel is current.
 */
final class Connection {
  private final Bootstrap bootstrap;
  private final String host;
  private final int port;
  private final String address;
  private final int maxFrameLength;
  private final PendingCalls pending = new PendingCalls();
  private volatile Link link;
  private volatile int connects;

  /** The current channel with the queue that feeds it. */
  private record Link(Channel channel, WriteQueue writes) {}

  Connection(Bootstrap bootstrap, String host, int port, int maxFrameLength) {
    this.host = host;
    this.port = port;
    this.address = host + ":" + port;
    this.maxFrameLength = maxFrameLength;
    this.bootstrap =
        bootstrap.clone().handler(new ClientInitializer(pending, address, maxFrameLength));
  }

  /** Encodes and queues one call; the returned call completes with its reply. */
  PendingCall send(long id, ClientMethod method, Object[] args) {
    Link current = activeLink();
    RpcxRequest request = method.request(id, args);
    int size = Frames.messageSize(request);
    if (size > maxFrameLength) {
      throw new RpcxException(
          RpcxException.Code.RESOURCE_EXHAUSTED,
          method.fullName() + ": request of " + size + " bytes exceeds the maximum frame length "
              + maxFrameLength);
    }
    ByteBuf frame = Frames.encode(current.channel.alloc(), request);
    PendingCall call = new PendingCall(id, method, frame);
    pending.add(call);
    current.writes.enqueue(call);
    return call;
  }

  PendingCalls pending() {
    return pending;
  }

  /** How many times this connection was opened (for tests: reconnects, or their absence). */
  int connects() {
    return connects;
  }

  String address() {
    return address;
  }

  void close() {
    Link current = link;
    if (current != null) {
      current.channel.close().awaitUninterruptibly();
    }
  }

  private Link activeLink() {
    Link current = link;
    if (current != null && current.channel.isActive()) {
      return current;
    }
    synchronized (this) {
      current = link;
      if (current == null || !current.channel.isActive()) {
        current = connect();
        link = current;
      }
      return current;
    }
  }

  private Link connect() {
    ChannelFuture connected = bootstrap.connect(host, port).awaitUninterruptibly();
    if (!connected.isSuccess()) {
      Throwable cause = connected.cause();
      String reason = cause == null ? "cancelled" : cause.getMessage();
      throw new RpcxException(
          RpcxException.Code.UNAVAILABLE, "cannot connect to " + address + ": " + reason, cause);
    }
    Channel channel = connected.channel();
    connects++;
    return new Link(channel, new WriteQueue(channel, pending));
  }
}
