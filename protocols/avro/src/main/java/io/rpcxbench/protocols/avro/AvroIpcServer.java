package io.rpcxbench.protocols.avro;

import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslContext;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.serverkit.netty.NettyLimits;
import io.rpcxbench.serverkit.netty.NettyTls;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.apache.avro.ipc.netty.NettyServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The benchmark service on Avro's {@link NettyServer} with a {@code SpecificResponder} ({@link
 * QuietResponder}: its client-protocol cache bounded, its logging rate-limited), as Avro's users
 * build it: its defaults (1 acceptor, 10 I/O threads, every call answered on a pool of 16 "caller"
 * threads), plus a {@link NettyFrameGuard} in front of Avro's frame decoder.
 *
 * <pre>{@code
 * try (AvroIpcServer server = AvroIpcServer.start("127.0.0.1", 0)) {
 *   int port = server.port();
 * }
 * }</pre>
 */
public final class AvroIpcServer implements RunningServer {
  private static final Logger log = LoggerFactory.getLogger(AvroIpcServer.class);

  /** NettyServer's own default size; passed so that close() can stop it (NettyServer does not). */
  private static final int CALLER_THREADS = 16;

  private final NettyServer server;
  private final EventLoopGroup callers;
  private volatile boolean closed;

  private AvroIpcServer(NettyServer server, EventLoopGroup callers) {
    this.server = server;
    this.callers = callers;
  }

  /**
   * Binds and starts serving.
   *
   * @throws java.net.BindException when the port is busy
   */
  public static AvroIpcServer start(String bindAddress, int port) throws Exception {
    return start(bindAddress, port, ServerLimits.defaults());
  }

  /**
   * Binds with the server kit's limits: the cap on the listening channel, the idle timeout and read
   * backpressure at the head of each connection, the frame limit, deadline and budget in the frame
   * guard.
   *
   * @throws java.net.BindException when the port is busy
   */
  public static AvroIpcServer start(String bindAddress, int port, ServerLimits limits)
      throws Exception {
    return start(bindAddress, port, limits, new BenchLogic());
  }

  /** As {@link #start(String, int, ServerLimits)}, serving the server kit's service. */
  public static AvroIpcServer start(
      String bindAddress, int port, ServerLimits limits, io.rpcxbench.api.BenchService service)
      throws Exception {
    return start(bindAddress, port, limits, service, null);
  }

  /**
   * As above, serving TLS only when {@code tls} is given: Netty's {@code SslHandler} (JDK provider)
   * first in each connection's pipeline, through the channel initializer Avro's {@code NettyServer}
   * takes (mTLS: client certificates required).
   */
  public static AvroIpcServer start(
      String bindAddress,
      int port,
      ServerLimits limits,
      io.rpcxbench.api.BenchService service,
      ServerTls tls)
      throws Exception {
    AvroLimits.install();
    SslContext sslContext = NettyTls.serverContext(tls, limits);
    NettyLimits guard = new NettyLimits(AvroIpcProtocol.ID, limits);
    int maxFrame = limits.maxFrameBytes(AvroLimits.MAX_FRAME);
    QuietResponder responder = new QuietResponder(new BenchService(service));
    EventLoopGroup callers = new DefaultEventLoopGroup(CALLER_THREADS);
    try {
      NettyServer server =
          new NettyServer(
              responder,
              new InetSocketAddress(InetAddress.getByName(bindAddress), port),
              channel -> {
                guard.addIdleAndBackpressure(channel.pipeline());
                channel
                    .pipeline()
                    .addLast("frameGuard", new NettyFrameGuard(maxFrame, () -> {}, guard));
                NettyTls.addFirst(sslContext, channel);
              },
              bootstrap -> bootstrap.handler(guard.connectionCap()),
              null,
              null,
              callers);
      log.info(
          "avro server on port {} (NettyServer, SpecificResponder{}; {})",
          server.getPort(),
          tls == null ? "" : ", " + (tls.mutual() ? "mTLS" : "TLS") + " only (SslHandler)",
          limits.describe());
      return new AvroIpcServer(server, callers);
    } catch (Exception | Error e) {
      callers.shutdownGracefully(0, 0, TimeUnit.SECONDS);
      throw e;
    }
  }

  @Override
  public int port() {
    return server.getPort();
  }

  /** Closes the listener and the connections (Netty's graceful shutdown); idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    server.close();
    callers.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
