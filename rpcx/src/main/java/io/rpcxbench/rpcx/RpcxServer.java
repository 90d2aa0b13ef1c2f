package io.rpcxbench.rpcx;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The paper's service center: publishes annotated service objects on a port, starts and stops them,
 * and reports the port. Only methods annotated with {@link RpcxMethod} are callable.
 *
 * <pre>{@code
 * RpcxServer server = RpcxServer.builder()
 *     .bind("0.0.0.0").port(8081)          // port 0: any free port
 *     .publish(new BenchEndpoint())
 *     .build()
 *     .start();
 * System.out.println("listening on " + server.port());
 * server.stop();                           // graceful: calls in flight finish
 * }</pre>
 *
 * <p>TLS: {@code .tls(sslContext, false)} with a JDK {@link SSLContext} (true: mTLS, clients must
 * present a certificate the context trusts), or {@code .tls(nettySslContext)}; the server then
 * speaks TLS only.
 */
public final class RpcxServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(RpcxServer.class);
  private static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);
  private static final long SHUTDOWN_WAIT_SECONDS = 5;

  private final Settings settings;
  private final ServiceRegistry registry;
  private EventLoopGroup acceptor;
  private EventLoopGroup ioGroup;
  private ThreadPoolExecutor workers;

  /** Calls received whose reply is not flushed yet, on all connections. */
  private final AtomicInteger inFlight = new AtomicInteger();

  private ChannelGroup connections;
  private Channel listener;
  private boolean stopped;

  private record Settings(
      String bind,
      int port,
      Transport transport,
      int ioThreads,
      int workerThreads,
      int workerQueue,
      int maxFrameLength,
      ConnectionGuard guard,
      SslContext tls) {}

  private RpcxServer(Settings settings, ServiceRegistry registry) {
    this.settings = settings;
    this.registry = registry;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Binds the port and starts serving.
   *
   * @throws IllegalStateException when the address cannot be bound (e.g. the port is in use)
   */
  public synchronized RpcxServer start() {
    if (listener != null || stopped) {
      throw new IllegalStateException("server already started");
    }
    acceptor = Transports.newGroup(settings.transport(), 1, "rpcx-accept");
    ioGroup = Transports.newGroup(settings.transport(), settings.ioThreads(), "rpcx-io");
    workers =
        new ThreadPoolExecutor(
            settings.workerThreads(),
            settings.workerThreads(),
            60,
            TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(settings.workerQueue()),
            new DefaultThreadFactory("rpcx-worker", true));
    workers.allowCoreThreadTimeOut(true);
    connections = new DefaultChannelGroup("rpcx-connections", GlobalEventExecutor.INSTANCE);
    ServerBootstrap bootstrap =
        new ServerBootstrap()
            .group(acceptor, ioGroup)
            .channel(Transports.serverChannel(settings.transport()))
            .option(ChannelOption.SO_BACKLOG, 1024)
            .option(ChannelOption.SO_REUSEADDR, true);
    if (settings.guard().acceptor() != null) {
      bootstrap.handler(settings.guard().acceptor());
    }
    ChannelFuture bound =
        bootstrap
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.SO_KEEPALIVE, true)
            .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
            .childHandler(
                new ServerInitializer(
                    registry,
                    workers,
                    inFlight,
                    connections,
                    settings.maxFrameLength(),
                    settings.guard(),
                    settings.tls()))
            .bind(settings.bind(), settings.port())
            .awaitUninterruptibly();
    if (!bound.isSuccess()) {
      String reason = bound.cause() == null ? "cancelled" : bound.cause().getMessage();
      shutdownThreads();
      stopped = true;
      throw new IllegalStateException(
          "cannot bind " + settings.bind() + ":" + settings.port() + ": " + reason, bound.cause());
    }
    listener = bound.channel();
    log.info(
        "rpcx serving {} on {} (max frame {} bytes, {}{})",
        registry.names(),
        listener.localAddress(),
        settings.maxFrameLength(),
        settings.guard().describe(),
        settings.tls() == null ? "" : ", TLS only");
    return this;
  }

  /** The bound port (the real one when built with port 0). */
  public synchronized int port() {
    if (listener == null) {
      throw new IllegalStateException("server not started");
    }
    return ((InetSocketAddress) listener.localAddress()).getPort();
  }

  /** Published service names and their method names. */
  public Map<String, List<String>> services() {
    return registry.names();
  }

  /** Stops gracefully, giving calls in flight up to 10 s to finish. */
  public void stop() {
    stop(DEFAULT_GRACE);
  }

  /**
   * Stops accepting connections, lets calls in flight finish (up to {@code grace}), flushes their
   * replies, then closes every connection and stops all threads. Idempotent.
   */
  public synchronized void stop(Duration grace) {
    if (stopped || listener == null) {
      stopped = true;
      return;
    }
    stopped = true;
    listener.close().awaitUninterruptibly(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS);
    long deadline = System.nanoTime() + grace.toNanos();
    while (inFlight.get() > 0 && System.nanoTime() < deadline) {
      sleepBriefly();
    }
    if (inFlight.get() > 0) {
      log.warn("stopping with {} call(s) still running after {}", inFlight.get(), grace);
    }
    for (Channel connection : connections) {
      connection.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }
    connections.newCloseFuture().awaitUninterruptibly(grace.toMillis() + 1000);
    shutdownThreads();
  }

  @Override
  public void close() {
    stop();
  }

  private void shutdownThreads() {
    workers.shutdownNow();
    // Bounded waits: a dead event loop must not hang a shutdown hook.
    ioGroup
        .shutdownGracefully(0, 2, TimeUnit.SECONDS)
        .awaitUninterruptibly(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS);
    acceptor
        .shutdownGracefully(0, 2, TimeUnit.SECONDS)
        .awaitUninterruptibly(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS);
  }

  private static void sleepBriefly() {
    try {
      Thread.sleep(5);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A service object and the name it was published under (null: from its annotation). */
  private record Publication(String name, Object service) {}

  /** Settings of an {@link RpcxServer}; every default is here. */
  public static final class Builder {
    private String bind = "0.0.0.0";
    private int port = 8081;
    private Transport transport = Transport.NIO;
    private int ioThreads = Runtime.getRuntime().availableProcessors();
    private int workerThreads = Math.max(16, 8 * Runtime.getRuntime().availableProcessors());
    private int workerQueue = 10_000;
    private int maxFrameLength = Frames.DEFAULT_MAX_FRAME_LENGTH;
    private ConnectionGuard guard = ConnectionGuard.backpressure();
    private SslContext tls;
    private final Map<String, String> properties = new HashMap<>();
    private final List<Publication> published = new ArrayList<>();

    private Builder() {}

    /** Address to listen on (default 0.0.0.0). */
    public Builder bind(String address) {
      this.bind = Objects.requireNonNull(address, "address");
      return this;
    }

    /** Port to listen on (default 8081; 0 picks a free one, see {@link RpcxServer#port()}). */
    public Builder port(int port) {
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("port must be in 0..65535, got " + port);
      }
      this.port = port;
      return this;
    }

    /** Publishes an object of a class annotated with {@link RpcxService}. */
    public Builder publish(Object service) {
      published.add(new Publication(null, Objects.requireNonNull(service, "service")));
      return this;
    }

    /** Publishes an object under the given service name, whatever its annotations say. */
    public Builder publish(String name, Object service) {
      published.add(
          new Publication(Objects.requireNonNull(name, "name"), Objects.requireNonNull(service)));
      return this;
    }

    /** NIO (default, as in the paper) or native EPOLL. */
    public Builder transport(Transport transport) {
      this.transport = Objects.requireNonNull(transport, "transport");
      return this;
    }

    /** Event loop threads for connections (default: the number of CPUs). */
    public Builder ioThreads(int threads) {
      this.ioThreads = BuilderChecks.atLeast(threads, 1, "ioThreads");
      return this;
    }

    /** Threads that run methods not marked {@link NonBlocking} (default max(16, 8 x CPUs)). */
    public Builder workerThreads(int threads) {
      this.workerThreads = BuilderChecks.atLeast(threads, 1, "workerThreads");
      return this;
    }

    /** Calls that may wait for a worker; past it calls fail with RESOURCE_EXHAUSTED. */
    public Builder workerQueue(int capacity) {
      this.workerQueue = BuilderChecks.atLeast(capacity, 1, "workerQueue");
      return this;
    }

    /** Largest frame accepted or sent, in bytes (default 4 MiB). */
    public Builder maxFrameLength(int bytes) {
      this.maxFrameLength = BuilderChecks.maxFrameLength(bytes);
      return this;
    }

    /**
     * What guards the connections beyond the frame limit: idle timeout, connection cap, deadline
     * and budget for unfinished frames (default: {@link ConnectionGuard#backpressure()} only).
     */
    public Builder guard(ConnectionGuard guard) {
      this.guard = Objects.requireNonNull(guard, "guard");
      return this;
    }

    /** A value for {@code ${name}} placeholders; wins over system properties and environment. */
    public Builder property(String name, String value) {
      properties.put(name, value);
      return this;
    }

    /** Serves TLS only, with Netty's server context (default: plaintext). */
    public Builder tls(SslContext context) {
      if (!Objects.requireNonNull(context, "context").isServer()) {
        throw new IllegalArgumentException("tls: a server context is needed, got a client's");
      }
      this.tls = context;
      return this;
    }

    /**
     * Serves TLS only, with a JDK context holding the server's key (default: plaintext).
     *
     * @param requireClientCertificate mTLS: refuse clients without a certificate the context trusts
     */
    public Builder tls(SSLContext context, boolean requireClientCertificate) {
      this.tls = Tls.server(Objects.requireNonNull(context, "context"), requireClientCertificate);
      return this;
    }

    /**
     * Parses every published object.
     *
     * @throws IllegalArgumentException naming {@code Class.method} for a badly annotated service
     */
    public RpcxServer build() {
      Map<String, String> explicit = Map.copyOf(properties);
      var lookup = Placeholders.chain(explicit::get);
      List<PublishedService> services = new ArrayList<>();
      for (Publication publication : published) {
        services.add(PublishedService.parse(publication.name(), publication.service(), lookup));
      }
      if (services.isEmpty()) {
        throw new IllegalArgumentException("no service published");
      }
      return new RpcxServer(
          new Settings(
              bind,
              port,
              transport,
              ioThreads,
              workerThreads,
              workerQueue,
              maxFrameLength,
              guard,
              tls),
          new ServiceRegistry(services));
    }
  }
}
