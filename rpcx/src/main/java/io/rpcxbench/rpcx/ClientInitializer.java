package io.rpcxbench.rpcx;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.rpcxbench.rpcx.wire.RpcxReply;

/**
 * The client pipeline: reply frames in, to the handler that ends pending calls; with TLS, Netty's
 * SslHandler before them.
 */
final class ClientInitializer extends ChannelInitializer<SocketChannel> {
  private final String host;
  private final int port;
  private final String address;
  private final ClientSettings settings;

  ClientInitializer(String host, int port, ClientSettings settings) {
    this.host = host;
    this.port = port;
    this.address = host + ":" + port;
    this.settings = settings;
  }

  @Override
  protected void initChannel(SocketChannel channel) {
    channel
        .pipeline()
        .addLast("frames", new FrameDecoder<>(RpcxReply.parser(), settings.maxFrameLength()))
        .addLast("calls", new ClientHandler(address));
    if (settings.tls() != null) {
      Tls.addClientHandler(
          settings.tls(),
          channel,
          host,
          port,
          settings.connectTimeout(),
          settings.onTlsHandshake());
    }
  }
}
