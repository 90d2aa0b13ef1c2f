package io.rpcxbench.protocols.bert;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.serverkit.netty.NettyLimits;
import io.rpcxbench.serverkit.netty.NettyTls;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * A BERT-RPC server for the module {@code bench} on Netty NIO: one acceptor thread, one event loop
 * per CPU, each connection's requests answered in order on its loop.
 *
 * <pre>{@code
 * try (BertServer server = BertServer.start("127.0.0.1", 0)) {
 *   int port = server.port();
 * }
 * }</pre>
 */
public final class BertServer implements RunningServer {
  private final EventLoopGroup acceptor;
  private final EventLoopGroup loops;
  private final Channel listener;

  private BertServer(EventLoopGroup acceptor, EventLoopGroup loops, Channel listener) {
    this.acceptor = acceptor;
    this.loops = loops;
    this.listener = listener;
  }

  /**
   * Binds and starts serving with the server kit's default limits.
   *
   * @throws IllegalStateException when the address cannot be bound (a {@link
   *     java.net.BindException} as the cause)
   */
  public static BertServer start(String bindAddress, int port) {
    return start(bindAddress, port, ServerLimits.defaults());
  }

  /**
   * Binds and starts serving with the server kit's limits ({@link NettyLimits}: the cap on the
   * listening channel; idle timeout, backpressure, frame deadline and budget around the BERP
   * framing, which is bounded by the smaller of {@link Terms#MAX_FRAME} and {@code --max-frame}).
   *
   * @throws IllegalStateException when the address cannot be bound
   */
  public static BertServer start(String bindAddress, int port, ServerLimits limits) {
    return start(bindAddress, port, limits, new BenchLogic());
  }

  /** As {@link #start(String, int, ServerLimits)}, serving the server kit's service. */
  public static BertServer start(
      String bindAddress, int port, ServerLimits limits, BenchService service) {
    return start(bindAddress, port, limits, service, null);
  }

  /**
   * As above, serving TLS only when {@code tls} is given: Netty's {@code SslHandler} (JDK provider)
   * first in each connection's pipeline (mTLS: client certificates required).
   */
  public static BertServer start(
      String bindAddress, int port, ServerLimits limits, BenchService service, ServerTls tls) {
    SslContext sslContext = NettyTls.serverContext(tls, limits);
    NettyLimits guard = new NettyLimits(BertProtocol.ID, limits);
    EventLoopGroup acceptor = group(1, "bert-accept");
    EventLoopGroup loops = group(Runtime.getRuntime().availableProcessors(), "bert-io");
    try {
      Channel listener =
          new ServerBootstrap()
              .group(acceptor, loops)
              .channel(NioServerSocketChannel.class)
              .option(ChannelOption.SO_REUSEADDR, true)
              .option(ChannelOption.SO_BACKLOG, 1024)
              .handler(guard.connectionCap())
              .childOption(ChannelOption.TCP_NODELAY, true)
              .childHandler(NettyTls.first(sslContext, new BertServerInitializer(guard, service)))
              .bind(bindAddress, port)
              .sync()
              .channel();
      return new BertServer(acceptor, loops, listener);
    } catch (Exception e) {
      acceptor.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      loops.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new IllegalStateException("cannot listen on " + bindAddress + ":" + port, e);
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

  /** Stops accepting, lets the calls being answered finish (100 ms quiet period), closes. */
  @Override
  public void close() {
    // Bounded waits: a stuck event loop must not hang the shutdown hook.
    listener.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
    acceptor.shutdownGracefully(0, 2, TimeUnit.SECONDS);
    loops
        .shutdownGracefully(100, 2_000, TimeUnit.MILLISECONDS)
        .awaitUninterruptibly(5, TimeUnit.SECONDS);
    acceptor.terminationFuture().awaitUninterruptibly(5, TimeUnit.SECONDS);
  }
}
