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
import io.rpcxbench.serverkit.DirectMemoryPressure;
import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.ServerLimits;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The kit's {@link ServerLimits} on a grpc-java {@link NettyServerBuilder}, in gRPC's own knobs:
 * the idle timeout is {@code maxConnectionIdle} (no call in flight for that long: GOAWAY and
 * close), the handshake deadline is {@code handshakeTimeout} (TLS and the HTTP/2 preface, plaintext
 * too), the frame limit is {@code maxInboundMessageSize}, the frame deadline a stream tracer
 * ({@link MessageDeadline}). Always on: at most {@value #MAX_CALLS_PER_CONNECTION} concurrent
 * streams per connection (HTTP/2's MAX_CONCURRENT_STREAMS; gRPC's default is unlimited), a fixed 1
 * MiB flow-control window (no BDP growth, so a connection can be sent at most that much ahead of
 * what the server consumed), HTTP/2 rapid-reset defence ({@code maxRstFramesPerWindow}: more than
 * {@value #MAX_RST_PER_WINDOW} RST_STREAM in {@value #RST_WINDOW_SECONDS} s is answered with
 * GOAWAY; with the budget below, the kit counts them first and holds the next connections of the
 * address that passed it unread, {@link ResetFlood}), and keepalive pings from the server to find
 * dead peers. gRPC has no connection cap: the cap is a handler on the listening channel, which
 * takes a channel factory, and with it event loops of our own, the same kind (epoll when available)
 * and sizes as gRPC's defaults. grpc-java has no knob for a budget over all connections, so the kit
 * adds two: the bytes of unfinished messages count in the process's {@code --max-buffered} budget
 * ({@link UnfinishedMessages}, in front of grpc-java's HTTP/2 handler; the stream that would pass
 * it is reset, {@code ENHANCE_YOUR_CALM}), and replies waiting to be sent (a client that keeps its
 * window shut) in a budget of the same size of their own ({@link QueuedReplies}; past it the call
 * ends {@code RESOURCE_EXHAUSTED}). grpc-java's own log lines (java.util.logging) become one
 * rate-limited line per kind ({@link GrpcLogLines}).
 *
 * <pre>{@code
 * NettyServerBuilder builder = NettyServerBuilder.forAddress(address, credentials);
 * GrpcLimits limits = GrpcLimits.apply("grpc", builder, serverLimits);
 * Server server = builder.addService(...).build().start();
 * ... server.shutdown(); server.awaitTermination(); limits.close();
 * }</pre>
 */
public final class GrpcLimits implements AutoCloseable {
  /** Above any thread count of the paper's grids (990), far below the 20,000 an attacker opened. */
  public static final int MAX_CALLS_PER_CONNECTION = 1024;

  /** gRPC's default initial window, kept fixed. */
  public static final int FLOW_CONTROL_WINDOW = 1024 * 1024;

  /** RST_STREAM frames a connection may send per window before GOAWAY (rapid reset). */
  public static final int MAX_RST_PER_WINDOW = 1000;

  public static final int RST_WINDOW_SECONDS = 10;

  private static final long KEEPALIVE_SECONDS = 60;
  private static final long KEEPALIVE_TIMEOUT_SECONDS = 20;

  private final EventLoopGroup boss;
  private final EventLoopGroup workers;
  private final ScheduledExecutorService timers;

  private GrpcLimits(EventLoopGroup boss, EventLoopGroup workers, ScheduledExecutorService timers) {
    this.boss = boss;
    this.workers = workers;
    this.timers = timers;
  }

  /**
   * Sets the limits on the builder for a server of unary calls; close the result after the server
   * has terminated.
   */
  public static GrpcLimits apply(String name, NettyServerBuilder builder, ServerLimits limits) {
    return apply(name, builder, limits, false);
  }

  /**
   * Sets the limits on the builder; close the result after the server has terminated.
   *
   * @param longLivedStreams whether a stream may wait for its first message (a bidirectional stream
   *     that carries many calls, as grpc-stream's)
   */
  public static GrpcLimits apply(
      String name, NettyServerBuilder builder, ServerLimits limits, boolean longLivedStreams) {
    GrpcLogLines.install();
    if (limits.hasIdleTimeout()) {
      builder.maxConnectionIdle(limits.idleTimeout().toNanos(), TimeUnit.NANOSECONDS);
    }
    if (limits.hasHandshakeDeadline()) {
      // grpc-java's negotiation: TLS, then the client's HTTP/2 preface and SETTINGS (default 120 s)
      builder.handshakeTimeout(limits.handshakeDeadline().toNanos(), TimeUnit.NANOSECONDS);
    }
    builder
        .maxInboundMessageSize(limits.maxFrameBytes())
        .maxConcurrentCallsPerConnection(MAX_CALLS_PER_CONNECTION)
        .flowControlWindow(FLOW_CONTROL_WINDOW)
        .maxRstFramesPerWindow(MAX_RST_PER_WINDOW, RST_WINDOW_SECONDS)
        .keepAliveTime(KEEPALIVE_SECONDS, TimeUnit.SECONDS)
        .keepAliveTimeout(KEEPALIVE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    ScheduledExecutorService timers = null;
    if (limits.hasFrameDeadline()) {
      ScheduledThreadPoolExecutor pool =
          new ScheduledThreadPoolExecutor(
              1,
              task -> {
                Thread t = new Thread(task, name + "-deadlines");
                t.setDaemon(true);
                return t;
              });
      pool.setRemoveOnCancelPolicy(true); // a call's timer is cancelled as its message arrives
      timers = pool;
      builder.addStreamTracerFactory(
          new MessageDeadline(name, limits.frameDeadline(), longLivedStreams, timers));
    }
    if (limits.hasMaxBuffered()) {
      builder.intercept(new QueuedReplies(name, limits.maxBufferedBytes()));
    }
    if (!limits.hasMaxConnections() && !limits.hasMaxBuffered()) {
      return new GrpcLimits(null, null, timers);
    }
    ChannelHandler capHandler =
        new CapHandler(
            name,
            new ConnectionCap(name, limits.maxConnections()),
            limits.hasMaxBuffered() ? InputBudget.shared(limits.maxBufferedBytes()) : null,
            new ResetFlood(System::nanoTime),
            limits.frameDeadline());
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
    return new GrpcLimits(boss, workers, timers);
  }

  /**
   * The process's budget for replies waiting to be sent on the gRPC servers started with this
   * {@code --max-buffered} (beside {@link InputBudget#shared}, the one for unfinished requests).
   */
  public static InputBudget replyBudget(long maxBufferedBytes) {
    return QueuedReplies.budget(maxBufferedBytes);
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
    if (timers != null) {
      timers.shutdownNow();
    }
    if (boss != null) {
      boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
  }

  /**
   * Closes accepted connections past the cap before they are registered, puts the budget's {@link
   * UnfinishedMessages} in front of grpc-java's handlers of each connection let in, and holds the
   * reads of one from a rapid-reset offender ({@link ResetFlood}).
   */
  @ChannelHandler.Sharable
  private static final class CapHandler extends ChannelInboundHandlerAdapter {
    private final String name;
    private final ConnectionCap cap;
    private final InputBudget budget;
    private final ResetFlood flood;
    private final Duration frameDeadline;
    private final ChannelFutureListener closed;

    CapHandler(
        String name,
        ConnectionCap cap,
        InputBudget budget,
        ResetFlood flood,
        Duration frameDeadline) {
      this.name = name;
      this.cap = cap;
      this.budget = budget;
      this.flood = flood;
      this.frameDeadline = frameDeadline;
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
        if (budget != null) {
          child
              .pipeline()
              .addFirst(
                  "limits-unfinished",
                  new UnfinishedMessages(
                      name,
                      budget,
                      2 * MAX_CALLS_PER_CONNECTION,
                      flood,
                      frameDeadline,
                      DirectMemoryPressure.jvm()));
        }
        long hold = flood.holdMillis(child.remoteAddress());
        if (hold > 0) {
          child.pipeline().addFirst("limits-held", new ResetFlood.HeldReads(hold));
        }
      }
      ctx.fireChannelRead(msg);
    }
  }
}
