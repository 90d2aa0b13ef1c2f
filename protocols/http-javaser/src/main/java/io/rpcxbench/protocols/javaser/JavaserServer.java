package io.rpcxbench.protocols.javaser;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
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
 * The benchmark service as HTTP/1.1 with Java-serialized bodies, on Netty's HTTP codec.
 *
 * <pre>{@code
 * try (JavaserServer server = JavaserServer.start("127.0.0.1", 0)) {
 *   int port = server.port();
 * }
 * }</pre>
 */
public final class JavaserServer implements RunningServer {
  private final EventLoopGroup acceptor;
  private final EventLoopGroup workers;
  private final Channel channel;

  private JavaserServer(EventLoopGroup acceptor, EventLoopGroup workers, Channel channel) {
    this.acceptor = acceptor;
    this.workers = workers;
    this.channel = channel;
  }

  /**
   * Starts listening.
   *
   * @throws IllegalStateException when the address cannot be bound (a {@link
   *     java.net.BindException} as the cause)
   */
  public static JavaserServer start(String bindAddress, int port) {
    return start(bindAddress, port, ServerLimits.defaults());
  }

  /**
   * Starts listening with the server kit's limits ({@link NettyLimits}: the cap on the listening
   * channel; idle timeout, backpressure, request deadline, budget and size around the HTTP codec).
   *
   * @throws IllegalStateException when the address cannot be bound
   */
  public static JavaserServer start(String bindAddress, int port, ServerLimits limits) {
    return start(bindAddress, port, limits, new BenchLogic());
  }

  /** As {@link #start(String, int, ServerLimits)}, serving the server kit's service. */
  public static JavaserServer start(
      String bindAddress, int port, ServerLimits limits, BenchService service) {
    return start(bindAddress, port, limits, service, null);
  }

  /**
   * As above, serving HTTPS only when {@code tls} is given: Netty's {@code SslHandler} (JDK
   * provider) in front of the HTTP codec (mTLS: client certificates required).
   */
  public static JavaserServer start(
      String bindAddress, int port, ServerLimits limits, BenchService service, ServerTls tls) {
    SslContext sslContext = NettyTls.serverContext(tls, limits);
    NettyLimits guard = new NettyLimits(JavaserProtocol.ID, limits);
    EventLoopGroup acceptor = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    EventLoopGroup workers = new MultiThreadIoEventLoopGroup(NioIoHandler.newFactory());
    try {
      Channel channel =
          new ServerBootstrap()
              .group(acceptor, workers)
              .channel(NioServerSocketChannel.class)
              .handler(guard.connectionCap())
              .childHandler(NettyTls.first(sslContext, new JavaserInitializer(guard, service)))
              .bind(bindAddress, port)
              .sync()
              .channel();
      return new JavaserServer(acceptor, workers, channel);
    } catch (Exception e) {
      acceptor.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      workers.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new IllegalStateException("cannot listen on " + bindAddress + ":" + port, e);
    }
  }

  @Override
  public int port() {
    return ((InetSocketAddress) channel.localAddress()).getPort();
  }

  /** Stops accepting, lets requests in flight finish (100 ms quiet period), closes. */
  @Override
  public void close() {
    channel.close().syncUninterruptibly();
    acceptor.shutdownGracefully(0, 2, TimeUnit.SECONDS);
    workers.shutdownGracefully(100, 2_000, TimeUnit.MILLISECONDS).syncUninterruptibly();
    acceptor.terminationFuture().syncUninterruptibly();
  }
}
