package io.rpcxbench.rpcx;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.SocketChannel;
import java.util.concurrent.ThreadFactory;

/**
 * Native epoll, kept in a class of its own so that the optional netty-transport-native-epoll jar is
 * only loaded when {@link Transport#EPOLL} is chosen.
 */
final class EpollTransport {
  private EpollTransport() {}

  private static void requireAvailable() {
    try {
      if (!Epoll.isAvailable()) {
        throw new IllegalStateException(
            "EPOLL transport is not available here: " + Epoll.unavailabilityCause());
      }
    } catch (LinkageError e) {
      throw new IllegalStateException(
          "EPOLL transport needs io.netty:netty-transport-native-epoll on the class path", e);
    }
  }

  static EventLoopGroup newGroup(int threads, ThreadFactory threadFactory) {
    requireAvailable();
    return new MultiThreadIoEventLoopGroup(threads, threadFactory, EpollIoHandler.newFactory());
  }

  static Class<? extends SocketChannel> socketChannel() {
    requireAvailable();
    return EpollSocketChannel.class;
  }

  static Class<? extends ServerChannel> serverChannel() {
    requireAvailable();
    return EpollServerSocketChannel.class;
  }
}
