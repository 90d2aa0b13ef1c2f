package io.rpcxbench.rpcx;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server pipeline: the guard's handlers (backpressure, idle timeout...), request frames in
 * (checked against the method before they are parsed), dispatch with its replies batched per read;
 * with TLS, Netty's SslHandler before them all.
 */
final class ServerInitializer extends ChannelInitializer<SocketChannel> {
  private final Executor workers;
  private final AtomicInteger inFlight;
  private final ServiceRegistry registry;
  private final ChannelGroup connections;
  private final int maxFrameLength;
  private final ConnectionGuard guard;
  private final SslContext tls;

  ServerInitializer(
      ServiceRegistry registry,
      Executor workers,
      AtomicInteger inFlight,
      ChannelGroup connections,
      int maxFrameLength,
      ConnectionGuard guard,
      SslContext tls) {
    this.tls = tls;
    this.registry = registry;
    this.workers = workers;
    this.inFlight = inFlight;
    this.connections = connections;
    this.maxFrameLength = maxFrameLength;
    this.guard = guard;
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    connections.add(channel);
    channel
        .pipeline()
        .addLast("frames", new RequestDecoder(registry, maxFrameLength, guard))
        .addLast("calls", new ServerHandler(workers, maxFrameLength, inFlight));
    guard.connection(channel.pipeline());
    if (tls != null) {
      Tls.addServerHandler(tls, channel);
    }
  }
}
