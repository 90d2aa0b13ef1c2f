package io.rpcxbench.rpcx;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.rpcxbench.rpcx.wire.RpcxReply;

/** The client pipeline: reply frames in, to the handler that ends pending calls. */
final class ClientInitializer extends ChannelInitializer<SocketChannel> {
  private final String address;
  private final int maxFrameLength;

  ClientInitializer(String address, int maxFrameLength) {
    this.address = address;
    this.maxFrameLength = maxFrameLength;
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    channel
        .pipeline()
        .addLast("frames", new FrameDecoder<>(RpcxReply.parser(), maxFrameLength))
        .addLast("calls", new ClientHandler(address));
  }
}
