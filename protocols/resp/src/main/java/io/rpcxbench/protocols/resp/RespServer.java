package io.rpcxbench.protocols.resp;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
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
 * Our Redis-protocol server (the PerimeterX redcon analogue): Netty NIO with {@code
 * netty-codec-redis}, answering the contract as {@code BENCH.*} commands on the event loops.
 *
 * <pre>{@code
 * try (RespServer server = RespServer.start("127.0.0.1", 0)) {
 *   // redis-cli -p <server.port()> BENCH.HELLO world   ->   "hello, world"
 * }
 * }</pre>
 */
final class RespServer implements RunningServer {
  /** The {@code INFO} field that names our server (Redis has {@code redis_version} there). */
  static final String INFO_FIELD = "rpcxbench_server";

  private static final long SHUTDOWN_WAIT_SECONDS = 5;

  private final EventLoopGroup acceptor;
  private final EventLoopGroup workers;
  private final ChannelGroup connections;
  private final Channel listener;
  private boolean closed;

  private RespServer(
      EventLoopGroup acceptor, EventLoopGroup workers, ChannelGroup connections, Channel listener) {
    this.acceptor = acceptor;
    this.workers = workers;
    this.connections = connections;
    this.listener = listener;
  }

  /**
   * Listens on {@code bind:port} (0: one the OS chooses) with the server kit's default limits.
   *
   * @throws Exception the bind's failure (a {@link java.net.BindException} for a busy port)
   */
  static RespServer start(String bind, int port) throws Exception {
    return start(bind, port, ServerLimits.defaults());
  }

  /**
   * Listens with the server kit's limits ({@link NettyLimits}: the cap on the listening channel;
   * idle timeout, backpressure, command deadline and budget around the RESP decoder and
   * aggregators; a command's bulk bytes bounded by the smaller of {@link
   * CommandLimits#MAX_COMMAND_BYTES} and {@code --max-frame}).
   *
   * @throws Exception the bind's failure (a {@link java.net.BindException} for a busy port)
   */
  static RespServer start(String bind, int port, ServerLimits limits) throws Exception {
    return start(bind, port, limits, new BenchLogic());
  }

  /** As {@link #start(String, int, ServerLimits)}, serving the server kit's service. */
  static RespServer start(String bind, int port, ServerLimits limits, BenchService service)
      throws Exception {
    return start(bind, port, limits, service, null);
  }

  /** As above, serving TLS only when {@code tls} is given (Netty's SslHandler, JDK provider). */
  static RespServer start(
      String bind, int port, ServerLimits limits, BenchService service, ServerTls tls)
      throws Exception {
    var sslContext = NettyTls.serverContext(tls, limits);
    NettyLimits guard = new NettyLimits("resp", limits);
    EventLoopGroup acceptor =
        new MultiThreadIoEventLoopGroup(
            1, new DefaultThreadFactory("resp-accept"), NioIoHandler.newFactory());
    EventLoopGroup workers =
        new MultiThreadIoEventLoopGroup(
            0, new DefaultThreadFactory("resp-io"), NioIoHandler.newFactory());
    ChannelGroup connections =
        new DefaultChannelGroup("resp-connections", GlobalEventExecutor.INSTANCE);
    ChannelFuture bound =
        new ServerBootstrap()
            .group(acceptor, workers)
            .channel(NioServerSocketChannel.class)
            .option(ChannelOption.SO_BACKLOG, 1024)
            .handler(guard.connectionCap())
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(
                new RespServerInitializer(
                    new Commands(serverName(), service), connections, guard, sslContext))
            .bind(bind, port)
            .awaitUninterruptibly();
    if (!bound.isSuccess()) {
      shutdown(acceptor, workers);
      Throwable cause = bound.cause();
      throw cause instanceof Exception e ? e : new IllegalStateException(cause);
    }
    return new RespServer(acceptor, workers, connections, bound.channel());
  }

  /** What {@code INFO} and {@code HELLO} report: this server and its codec's version. */
  static String serverName() {
    return "rpcx-bench resp server (netty-codec-redis "
        + LibraryVersions.of("io.netty", "netty-codec-redis")
        + ")";
  }

  @Override
  public int port() {
    return ((InetSocketAddress) listener.localAddress()).getPort();
  }

  /**
   * Stops accepting, then closes every connection: each closes on its event loop after the command
   * it is running, whose reply is flushed first.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    listener.close().awaitUninterruptibly(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS);
    connections.close().awaitUninterruptibly(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS);
    shutdown(acceptor, workers);
  }

  private static void shutdown(EventLoopGroup acceptor, EventLoopGroup workers) {
    // Bounded waits: a stuck event loop must not hang the kit's shutdown hook.
    workers
        .shutdownGracefully(0, 2, TimeUnit.SECONDS)
        .awaitUninterruptibly(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS);
    acceptor
        .shutdownGracefully(0, 2, TimeUnit.SECONDS)
        .awaitUninterruptibly(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS);
  }
}
