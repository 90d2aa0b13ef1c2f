package io.rpcxbench.rpcx;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.rpcxbench.rpcx.wire.RpcxRequest;

/** The server pipeline: coalesced flushes, request frames in, dispatch. */
final class ServerInitializer extends ChannelInitializer<SocketChannel> {
  private static final int FLUSHES_BEFORE_FORCED_FLUSH = 256;

  private final ServerHandler handler;
  private final ChannelGroup connections;
  private final int maxFrameLength;

  ServerInitializer(ServerHandler handler, ChannelGroup connections, int maxFrameLength) {
    this.handler = handler;
    this.connections = connections;
    this.maxFrameLength = maxFrameLength;
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    connections.add(channel);
    channel
        .pipeline()
        .addLast("flushes", new FlushConsolidationHandler(FLUSHES_BEFORE_FORCED_FLUSH, true))
        .addLast("frames", new FrameDecoder<>(RpcxRequest.parser(), maxFrameLength))
        .addLast("calls", handler);
  }
}
