package io.rpcxbench.rpcx;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.rpcxbench.serverkit.netty.NettyLimits;

/**
 * The server pipeline: the limits (idle timeout, read backpressure), coalesced flushes, request
 * frames in (checked against the method before they are parsed), dispatch.
 */
final class ServerInitializer extends ChannelInitializer<SocketChannel> {
  private static final int FLUSHES_BEFORE_FORCED_FLUSH = 256;

  private final ServerHandler handler;
  private final ServiceRegistry registry;
  private final ChannelGroup connections;
  private final int maxFrameLength;
  private final NettyLimits limits;

  ServerInitializer(
      ServerHandler handler,
      ServiceRegistry registry,
      ChannelGroup connections,
      int maxFrameLength,
      NettyLimits limits) {
    this.handler = handler;
    this.registry = registry;
    this.connections = connections;
    this.maxFrameLength = maxFrameLength;
    this.limits = limits;
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    connections.add(channel);
    channel
        .pipeline()
        .addLast("flushes", new FlushConsolidationHandler(FLUSHES_BEFORE_FORCED_FLUSH, true))
        .addLast("frames", new RequestDecoder(registry, maxFrameLength, limits))
        .addLast("calls", handler);
    limits.addIdleAndBackpressure(channel.pipeline());
  }
}
