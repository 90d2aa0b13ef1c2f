package io.rpcxbench.rpcx;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

/** Event loops and channel classes for a {@link Transport}. */
final class Transports {
  private Transports() {}

  static EventLoopGroup newGroup(Transport transport, int threads, String name) {
    DefaultThreadFactory threadFactory = new DefaultThreadFactory(name, true);
    if (transport == Transport.EPOLL) {
      return EpollTransport.newGroup(threads, threadFactory);
    }
    return new MultiThreadIoEventLoopGroup(threads, threadFactory, NioIoHandler.newFactory());
  }

  static Class<? extends SocketChannel> socketChannel(Transport transport) {
    return transport == Transport.EPOLL ? EpollTransport.socketChannel() : NioSocketChannel.class;
  }

  static Class<? extends ServerChannel> serverChannel(Transport transport) {
    return transport == Transport.EPOLL
        ? EpollTransport.serverChannel()
        : NioServerSocketChannel.class;
  }
}
