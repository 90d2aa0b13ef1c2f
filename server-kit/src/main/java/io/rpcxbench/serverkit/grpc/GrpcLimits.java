package io.rpcxbench.serverkit.grpc;

import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.Channel;
import io.grpc.netty.shaded.io.netty.channel.ChannelFutureListener;
import io.grpc.netty.shaded.io.netty.channel.ChannelHandler;
import io.grpc.netty.shaded.io.netty.channel.ChannelHandlerContext;
import io.grpc.netty.shaded.io.netty.channel.ChannelInboundHandlerAdapter;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.ServerChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;
import io.rpcxbench.serverkit.ConnectionCap;
import io.rpcxbench.serverkit.ServerLimits;
import java.util.concurrent.TimeUnit;

/**
 * The kit's {@link ServerLimits} on a grpc-java {@link NettyServerBuilder}, in gRPC's own knobs:
 * the idle timeout is {@code maxConnectionIdle} (no call in flight for that long: GOAWAY and
 * close), the frame limit is {@code maxInboundMessageSize}. gRPC has no connection cap: the cap is
 * a handler on the listening channel, which takes a channel factory, and with it event loops of our
 * own, the same kind (epoll when available) and sizes as gRPC's defaults. gRPC's HTTP/2 flow
 * control is its reply backpressure and bounds what a stream buffers; it has no frame deadline.
 *
 * <pre>{@code
 * NettyServerBuilder builder = NettyServerBuilder.forAddress(address, credentials);
 * GrpcLimits limits = GrpcLimits.apply("grpc", builder, serverLimits);
 * Server server = builder.addService(...).build().start();
 * ... server.shutdown(); server.awaitTermination(); limits.close();
 * }</pre>
 */
public final class GrpcLimits implements AutoCloseable {
  private final EventLoopGroup boss;
  private final EventLoopGroup workers;

  private GrpcLimits(EventLoopGroup boss, EventLoopGroup workers) {
    this.boss = boss;
    this.workers = workers;
  }

  /** Sets the limits on the builder; close the result after the server has terminated. */
  public static GrpcLimits apply(String name, NettyServerBuilder builder, ServerLimits limits) {
    if (limits.hasIdleTimeout()) {
      builder.maxConnectionIdle(limits.idleTimeout().toNanos(), TimeUnit.NANOSECONDS);
    }
    builder.maxInboundMessageSize(limits.maxFrameBytes());
    if (!limits.hasMaxConnections()) {
      return new GrpcLimits(null, null);
    }
    ConnectionCap cap = new ConnectionCap(name, limits.maxConnections());
    ChannelHandler capHandler = new CapHandler(cap);
    boolean epoll = Epoll.isAvailable();
    EventLoopGroup boss = group(epoll, 1, name + "-boss");
    EventLoopGroup workers = group(epoll, 0, name + "-worker"); // 0: Netty's 2 x CPUs, as gRPC's
    builder
        .bossEventLoopGroup(boss)
        .workerEventLoopGroup(workers)
        .channelFactory(
            () -> {
              ServerChannel channel =
                  epoll ? new EpollServerSocketChannel() : new NioServerSocketChannel();
              channel.pipeline().addLast("limits-cap", capHandler);
              return channel;
            });
    return new GrpcLimits(boss, workers);
  }

  private static EventLoopGroup group(boolean epoll, int threads, String name) {
    DefaultThreadFactory factory = new DefaultThreadFactory(name, true);
    return epoll
        ? new EpollEventLoopGroup(threads, factory)
        : new NioEventLoopGroup(threads, factory);
  }

  /** Stops the event loops made here, if any. */
  @Override
  public void close() {
    if (boss != null) {
      boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
  }

  /** Closes accepted connections past the cap before they are registered. */
  @ChannelHandler.Sharable
  private static final class CapHandler extends ChannelInboundHandlerAdapter {
    private final ConnectionCap cap;
    private final ChannelFutureListener closed;

    CapHandler(ConnectionCap cap) {
      this.cap = cap;
      this.closed = future -> cap.closed();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof Channel child) {
        if (!cap.tryOpen()) {
          child.unsafe().closeForcibly();
          return;
        }
        child.closeFuture().addListener(closed);
      }
      ctx.fireChannelRead(msg);
    }
  }
}
