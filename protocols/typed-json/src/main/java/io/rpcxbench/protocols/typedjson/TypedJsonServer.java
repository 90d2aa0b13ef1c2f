package io.rpcxbench.protocols.typedjson;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.serverkit.netty.NettyLimits;
import io.rpcxbench.serverkit.netty.NettyTls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The typed-JSON server: Netty NIO, one acceptor thread and one I/O thread per CPU, each connection
 * served entirely on its I/O thread (frame, decode, {@code BenchLogic}, encode), since every call
 * is short CPU work and a hand-off would cost more than it saves on this box.
 *
 * <pre>{@code
 * try (TypedJsonServer server = TypedJsonServer.start("127.0.0.1", 0)) {
 *   int port = server.port();
 * }
 * }</pre>
 */
final class TypedJsonServer implements RunningServer {
  private static final long WAIT_SECONDS = 5;

  private final EventLoopGroup acceptor;
  private final EventLoopGroup io;
  private final ChannelGroup connections;
  private final Channel listener;
  private boolean stopped;

  private TypedJsonServer(
      EventLoopGroup acceptor, EventLoopGroup io, ChannelGroup connections, Channel listener) {
    this.acceptor = acceptor;
    this.io = io;
    this.connections = connections;
    this.listener = listener;
  }

  /**
   * Listens with the server kit's default limits and returns once calls can be served.
   *
   * @throws IOException when the address cannot be bound (a {@code BindException} as the cause)
   */
  static TypedJsonServer start(String bind, int port) throws IOException {
    return start(bind, port, ServerLimits.defaults());
  }

  /**
   * Listens with the server kit's limits ({@link NettyLimits}: the cap on the listening channel;
   * idle timeout, backpressure, frame deadline and budget around the framing, which is bounded by
   * the smaller of {@link Frames#MAX_FRAME} and {@code --max-frame}).
   *
   * @throws IOException when the address cannot be bound (a {@code BindException} as the cause)
   */
  static TypedJsonServer start(String bind, int port, ServerLimits limits) throws IOException {
    return start(bind, port, limits, new BenchLogic());
  }

  /**
   * As {@link #start(String, int, ServerLimits)}, serving the server kit's service; one that blocks
   * (work, a chain gateway) is not warmed up, as its warm-up calls would work or go downstream.
   */
  static TypedJsonServer start(String bind, int port, ServerLimits limits, BenchService service)
      throws IOException {
    return start(bind, port, limits, service, null);
  }

  /**
   * As above, serving TLS only when {@code tls} is given: Netty's {@code SslHandler} (JDK provider)
   * first in each connection's pipeline (mTLS: client certificates required).
   */
  static TypedJsonServer start(
      String bind, int port, ServerLimits limits, BenchService service, ServerTls tls)
      throws IOException {
    SslContext sslContext = NettyTls.serverContext(tls, limits);
    NettyLimits guard = new NettyLimits(TypedJsonProtocol.ID, limits);
    int maxFrame = limits.maxFrameBytes(Frames.MAX_FRAME);
    CallHandler calls = new CallHandler(service);
    if (!service.blocks()) {
      calls.warmUp();
    }
    EventLoopGroup acceptor =
        new MultiThreadIoEventLoopGroup(
            1, new DefaultThreadFactory("typed-json-accept", true), NioIoHandler.newFactory());
    EventLoopGroup io =
        new MultiThreadIoEventLoopGroup(
            Runtime.getRuntime().availableProcessors(),
            new DefaultThreadFactory("typed-json-io", true),
            NioIoHandler.newFactory());
    ChannelGroup connections =
        new DefaultChannelGroup("typed-json-connections", GlobalEventExecutor.INSTANCE);
    ChannelFuture bound =
        new ServerBootstrap()
            .group(acceptor, io)
            .channel(NioServerSocketChannel.class)
            .option(ChannelOption.SO_BACKLOG, 1024)
            .option(ChannelOption.SO_REUSEADDR, true)
            .handler(guard.connectionCap())
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(
                NettyTls.first(
                    sslContext,
                    new ChannelInitializer<SocketChannel>() {
                      @Override
                      protected void initChannel(SocketChannel ch) {
                        connections.add(ch);
                        ch.pipeline()
                            .addLast("frames", Frames.decoder(maxFrame))
                            .addLast("limits-decoded", guard.requestDecoded())
                            .addLast("calls", calls);
                        guard.addFirst(ch.pipeline());
                      }
                    }))
            .bind(bind, port)
            .awaitUninterruptibly();
    if (!bound.isSuccess()) {
      shutdown(acceptor, io);
      throw new IOException("cannot bind " + bind + ":" + port, bound.cause());
    }
    return new TypedJsonServer(acceptor, io, connections, bound.channel());
  }

  @Override
  public int port() {
    return ((InetSocketAddress) listener.localAddress()).getPort();
  }

  /**
   * Graceful stop: no new connections; every connection's written replies are flushed, then it is
   * closed (a call being served on an I/O thread completes first: the close runs after it).
   */
  @Override
  public synchronized void close() {
    if (stopped) {
      return;
    }
    stopped = true;
    stopListening();
    for (Channel c : connections) {
      c.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }
    connections.newCloseFuture().awaitUninterruptibly(WAIT_SECONDS, TimeUnit.SECONDS);
    shutdown(acceptor, io);
  }

  /**
   * For tests: dies as a killed process would, every connection reset at once (SO_LINGER 0), no
   * reply flushed.
   */
  synchronized void crash() {
    stopped = true;
    stopListening();
    for (Channel c : connections) {
      c.config().setOption(ChannelOption.SO_LINGER, 0);
      c.close();
    }
    connections.newCloseFuture().awaitUninterruptibly(WAIT_SECONDS, TimeUnit.SECONDS);
    shutdown(acceptor, io);
  }

  /**
   * Closes the listener, then waits for every I/O thread to run the tasks queued before now: a
   * connection accepted just before the close is registered (and in {@link #connections}) only when
   * its I/O thread runs that task, and one left out would outlive the server.
   */
  private void stopListening() {
    listener.close().awaitUninterruptibly(WAIT_SECONDS, TimeUnit.SECONDS);
    for (EventExecutor loop : io) {
      loop.submit(() -> {}).awaitUninterruptibly(WAIT_SECONDS, TimeUnit.SECONDS);
    }
  }

  private static void shutdown(EventLoopGroup... groups) {
    for (EventLoopGroup g : groups) {
      g.shutdownGracefully(0, 2, TimeUnit.SECONDS)
          .awaitUninterruptibly(WAIT_SECONDS, TimeUnit.SECONDS);
    }
  }
}
