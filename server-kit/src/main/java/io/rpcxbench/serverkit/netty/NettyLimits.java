package io.rpcxbench.serverkit.netty;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.rpcxbench.serverkit.ConnectionCap;
import io.rpcxbench.serverkit.DirectMemoryPressure;
import io.rpcxbench.serverkit.InputBudget;
import io.rpcxbench.serverkit.RateLimitedLog;
import io.rpcxbench.serverkit.ServerLimits;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The kit's {@link ServerLimits} on a Netty server: one per server, shared by its connections.
 *
 * <pre>{@code
 * NettyLimits guard = new NettyLimits("resp", limits);
 * new ServerBootstrap()
 *     .handler(guard.connectionCap())                 // --max-connections
 *     .childHandler(new ChannelInitializer<SocketChannel>() {
 *       protected void initChannel(SocketChannel ch) {
 *         guard.addFirst(ch.pipeline());              // idle timeout, backpressure, and
 *         ch.pipeline().addLast(new MyDecoder(guard.limits().maxFrameBytes()),
 *             guard.requestDecoded(),                 // frame deadline and budget, after the decoder
 *             new MyHandler());
 *       }
 *     });
 * }</pre>
 *
 * <p>A decoder of one's own can instead report its unfinished frame exactly through {@link
 * #unfinishedRequest} (RPCX's does) and skip {@link #requestDecoded()}.
 */
public final class NettyLimits {
  private static final Logger log = LoggerFactory.getLogger(NettyLimits.class);

  private final String name;
  private final ServerLimits limits;
  private final ConnectionCap cap;
  private final InputBudget budget;
  private final DirectMemoryPressure directMemory;
  private final RateLimitedLog warnings = new RateLimitedLog(log);
  private final ChannelHandler capHandler;
  private final ChannelHandler backpressure = new ReadBackpressure();
  private final ChannelHandler decoded = new FrameWatch.Decoded();

  /**
   * @param name the server's id, for log lines
   */
  public NettyLimits(String name, ServerLimits limits) {
    this(name, limits, DirectMemoryPressure.jvm());
  }

  /** As {@link #NettyLimits(String, ServerLimits)}, with this direct memory's high water. */
  NettyLimits(String name, ServerLimits limits, DirectMemoryPressure directMemory) {
    this.directMemory = directMemory;
    this.name = name;
    this.limits = limits;
    this.cap = new ConnectionCap(name, limits.maxConnections());
    this.budget = InputBudget.shared(limits.maxBufferedBytes());
    this.capHandler = new NettyConnectionCap(cap);
  }

  public ServerLimits limits() {
    return limits;
  }

  /** For {@code ServerBootstrap.handler(...)}: closes accepted connections past the cap. */
  public ChannelHandler connectionCap() {
    return capHandler;
  }

  /**
   * Adds, at the head of a new connection's pipeline: the idle timeout (no bytes read or written
   * for {@code --idle-timeout} closes it), the first byte's deadline (nothing read within {@code
   * --handshake-deadline} of the accept closes it), reply backpressure (no reading while the
   * channel is not writable, so replies a client does not read cannot pile up), and the watch on
   * request bytes that {@link #requestDecoded()} completes.
   */
  public void addFirst(ChannelPipeline pipeline) {
    pipeline.addFirst("limits-frames", new FrameWatch.Inbound(this));
    addIdleAndBackpressure(pipeline);
  }

  /**
   * The idle timeout and backpressure only, for a pipeline whose decoder reports its unfinished
   * frames itself through {@link #unfinishedRequest}.
   */
  public void addIdleAndBackpressure(ChannelPipeline pipeline) {
    pipeline.addFirst("limits-backpressure", backpressure);
    if (limits.hasHandshakeDeadline()) {
      // a connection that sends nothing is closed at the deadline, not the idle timeout
      pipeline.addFirst("limits-first-byte", new FirstByteDeadline(this));
    }
    if (limits.hasIdleTimeout()) {
      pipeline.addFirst("limits-idle", new IdleCloser(this));
    }
  }

  /** For right after the decoder: each decoded message ends the unfinished request. Sharable. */
  public ChannelHandler requestDecoded() {
    return decoded;
  }

  /**
   * For a decoder that refused a request and reads its body only to drop it (so that its client,
   * still sending, reads the refusal instead of a reset): the bytes read so far are no longer held.
   * The decoder bounds what it drops itself.
   */
  public void requestDropped(ChannelHandlerContext ctx) {
    FrameWatch.handled(ctx.channel());
  }

  /** A connection's unfinished-request bookkeeping, for a decoder that knows its frames. */
  public UnfinishedRequest unfinishedRequest(ChannelHandlerContext ctx) {
    return new UnfinishedRequest(this, ctx);
  }

  /** Connections open now (for tests and logs). */
  public int openConnections() {
    return cap.open();
  }

  /** Bytes reserved by unfinished requests now, in every server of the process that shares it. */
  public long bufferedBytes() {
    return budget.used();
  }

  String name() {
    return name;
  }

  InputBudget budget() {
    return budget;
  }

  DirectMemoryPressure directMemory() {
    return directMemory;
  }

  RateLimitedLog warnings() {
    return warnings;
  }

  /** Closes a connection that neither read nor wrote for the idle timeout. */
  private static final class IdleCloser extends IdleStateHandler {
    private final NettyLimits server;

    IdleCloser(NettyLimits server) {
      super(true, 0, 0, server.limits.idleTimeout().toNanos(), TimeUnit.NANOSECONDS);
      this.server = server;
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent evt) {
      log.debug(
          "{}: closing the connection from {}: idle for {} (--idle-timeout)",
          server.name,
          ctx.channel().remoteAddress(),
          server.limits.idleTimeout());
      ctx.close();
    }
  }
}
