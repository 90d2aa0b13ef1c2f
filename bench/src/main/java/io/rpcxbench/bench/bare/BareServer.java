package io.rpcxbench.bench.bare;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.rpcxbench.serverkit.RunningServer;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The bare baseline's server: Netty NIO (RPCX's default transport), one acceptor thread and one
 * event loop per CPU (RPCX's default), TCP_NODELAY, pooled buffers.
 *
 * <pre>{@code
 * try (BareServer server = BareServer.start("127.0.0.1", 0)) {
 *   int port = server.port();
 * }
 * }</pre>
 */
public final class BareServer implements RunningServer {
  private final EventLoopGroup acceptor;
  private final EventLoopGroup loops;
  private final Channel listener;

  private BareServer(EventLoopGroup acceptor, EventLoopGroup loops, Channel listener) {
    this.acceptor = acceptor;
    this.loops = loops;
    this.listener = listener;
  }

  /**
   * Binds and starts serving.
   *
   * @throws IllegalStateException when the address cannot be bound, with the reason
   */
  public static BareServer start(String bind, int port) {
    EventLoopGroup acceptor = group(1, "bare-accept");
    EventLoopGroup loops = group(Runtime.getRuntime().availableProcessors(), "bare-io");
    ServerBootstrap bootstrap =
        new ServerBootstrap()
            .group(acceptor, loops)
            .channel(NioServerSocketChannel.class)
            .option(ChannelOption.SO_REUSEADDR, true)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel channel) {
                    channel
                        .pipeline()
                        .addLast("frames", new BareFrameDecoder(BareFrames.MAX_FRAME_LENGTH))
                        .addLast("hello", BareServerHandler.INSTANCE);
                  }
                });
    try {
      Channel listener = bootstrap.bind(bind, port).syncUninterruptibly().channel();
      return new BareServer(acceptor, loops, listener);
    } catch (RuntimeException e) {
      acceptor.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      loops.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      throw new IllegalStateException(
          "cannot listen on " + bind + ":" + port + ": " + e.getMessage(), e);
    }
  }

  private static EventLoopGroup group(int threads, String name) {
    return new MultiThreadIoEventLoopGroup(
        threads, new DefaultThreadFactory(name, true), NioIoHandler.newFactory());
  }

  @Override
  public int port() {
    return ((InetSocketAddress) listener.localAddress()).getPort();
  }

  /** Stops listening, closes every connection and the event loops. */
  @Override
  public void close() {
    // Bounded waits: a dead event loop must not hang the shutdown hook.
    listener.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    acceptor.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    loops.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
  }
}
