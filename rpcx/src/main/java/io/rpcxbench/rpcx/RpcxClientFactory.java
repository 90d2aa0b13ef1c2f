package io.rpcxbench.rpcx;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslContext;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSession;

/**
 * Creates proxies for {@link RpcxClient}-annotated interfaces: the paper's dynamic proxy. The
 * interface is parsed once, here; calls through the proxy only read prepared structures. All
 * proxies of one factory share its event loops and its connections (one per server address by
 * default). A connection that cannot be opened is tried again after a backoff (50 ms doubling to 2
 * s, +-20 %); until then calls to it fail at once with {@code UNAVAILABLE}.
 *
 * <pre>{@code
 * try (RpcxClientFactory clients = RpcxClientFactory.builder()
 *     .property("rpcx.host", "10.0.0.2")
 *     .callTimeout(Duration.ofSeconds(5))
 *     .build()) {
 *   BenchService bench = clients.create(BenchService.class);
 *   System.out.println(bench.hello("world"));   // hello, world
 * }
 * }</pre>
 *
 * <p>TLS: {@code .tls(sslContext)} with a JDK {@link SSLContext} that trusts the server's CA (and
 * holds the client's key for mTLS), or a Netty client {@code SslContext}; the server's certificate
 * must name the host called. A failed handshake fails the call with {@code UNAVAILABLE}, the
 * handshake's exception as its cause.
 */
public final class RpcxClientFactory implements AutoCloseable {
  private final ClientSettings settings;
  private final Function<String, String> properties;
  private final EventLoopGroup group;
  private final Bootstrap bootstrap;
  private final Map<String, Endpoint> endpoints = new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();
  private volatile boolean closed;

  private RpcxClientFactory(ClientSettings settings, Map<String, String> properties) {
    this.settings = settings;
    Map<String, String> explicit = Map.copyOf(properties);
    this.properties = Placeholders.chain(explicit::get);
    this.group = Transports.newGroup(settings.transport(), settings.ioThreads(), "rpcx-client");
    this.bootstrap =
        new Bootstrap()
            .group(group)
            .channel(Transports.socketChannel(settings.transport()))
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.SO_KEEPALIVE, true)
            .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
            .option(
                ChannelOption.CONNECT_TIMEOUT_MILLIS,
                (int) Math.min(Integer.MAX_VALUE, settings.connectTimeout().toMillis()));
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * A proxy for the interface.
   *
   * @throws IllegalArgumentException naming {@code Interface.method} when the interface is not
   *     annotated as RPCX needs or uses an unsupported type
   */
  public <T> T create(Class<T> type) {
    if (closed) {
      throw new IllegalStateException("this RpcxClientFactory is closed");
    }
    ClientInterface parsed = ClientInterface.parse(type, properties);
    Endpoint endpoint =
        endpoints.computeIfAbsent(
            parsed.host + ":" + parsed.port,
            key -> new Endpoint(bootstrap, parsed.host, parsed.port, settings, ids));
    Object proxy =
        Proxy.newProxyInstance(
            type.getClassLoader(), new Class<?>[] {type}, new ProxyHandler(type, parsed, endpoint));
    return type.cast(proxy);
  }

  /** Closes every connection (failing calls in flight) and stops the event loops. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    endpoints.values().forEach(Endpoint::close);
    group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
  }

  /** Calls in flight over all connections (for tests: it returns to zero when calls end). */
  int pendingCalls() {
    return endpoints.values().stream().mapToInt(Endpoint::pendingCalls).sum();
  }

  /** Connections opened so far, reconnects included (for tests). */
  int connectsMade() {
    return endpoints.values().stream().mapToInt(Endpoint::connects).sum();
  }

  /** Connection attempts so far, failed ones included (for tests). */
  int connectAttempts() {
    return endpoints.values().stream().mapToInt(Endpoint::connectAttempts).sum();
  }

  /** Settings of a {@link RpcxClientFactory}; every default is here. */
  public static final class Builder {
    private Duration callTimeout = Duration.ofSeconds(30);
    private Duration connectTimeout = Duration.ofSeconds(5);
    private int connectionsPerAddress = 1;
    private int maxFrameLength = Frames.DEFAULT_MAX_FRAME_LENGTH;
    private Transport transport = Transport.NIO;
    private int ioThreads = Runtime.getRuntime().availableProcessors();
    private boolean coalesceWrites = true;
    private SslContext tls;
    private Consumer<SSLSession> onTlsHandshake;
    private final Map<String, String> properties = new HashMap<>();

    private Builder() {}

    /** Deadline of each call (default 30 s); a call past it fails with DEADLINE_EXCEEDED. */
    public Builder callTimeout(Duration timeout) {
      this.callTimeout = BuilderChecks.positive(timeout, "callTimeout");
      return this;
    }

    /** Limit on opening a connection (default 5 s). */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = BuilderChecks.positive(timeout, "connectTimeout");
      return this;
    }

    /** Connections per server address, used round robin (default 1). */
    public Builder connectionsPerAddress(int count) {
      this.connectionsPerAddress = BuilderChecks.atLeast(count, 1, "connectionsPerAddress");
      return this;
    }

    /** Largest frame accepted or sent, in bytes (default 4 MiB). */
    public Builder maxFrameLength(int bytes) {
      this.maxFrameLength = BuilderChecks.maxFrameLength(bytes);
      return this;
    }

    /** NIO (default, as in the paper) or native EPOLL. */
    public Builder transport(Transport transport) {
      this.transport = java.util.Objects.requireNonNull(transport, "transport");
      return this;
    }

    /** Event loop threads (default: the number of CPUs; only the ones in use start). */
    public Builder ioThreads(int threads) {
      this.ioThreads = BuilderChecks.atLeast(threads, 1, "ioThreads");
      return this;
    }

    /**
     * Whether calls made at once share writes (default true): the event loop copies the calls
     * queued on a connection into one buffer and flushes once per batch, so under load one write
     * (and one server read) carries many calls. False: one write and one flush per call, as a
     * client that sends each call on its own does (the server then pays its per-read cost per call;
     * a benchmark's lean load generator).
     */
    public Builder coalesceWrites(boolean coalesce) {
      this.coalesceWrites = coalesce;
      return this;
    }

    /** A value for {@code ${name}} placeholders; wins over system properties and environment. */
    public Builder property(String name, String value) {
      properties.put(name, value);
      return this;
    }

    /** Connects with TLS, through Netty's client context (default: plaintext). */
    public Builder tls(SslContext context) {
      if (java.util.Objects.requireNonNull(context, "context").isServer()) {
        throw new IllegalArgumentException("tls: a client context is needed, got a server's");
      }
      this.tls = context;
      return this;
    }

    /** Connects with TLS, through a JDK context (default: plaintext). */
    public Builder tls(SSLContext context) {
      this.tls = Tls.client(java.util.Objects.requireNonNull(context, "context"));
      return this;
    }

    /** Told each connection's negotiated session once its TLS handshake is done (event loop). */
    public Builder onTlsHandshake(Consumer<SSLSession> listener) {
      this.onTlsHandshake = listener;
      return this;
    }

    public RpcxClientFactory build() {
      return new RpcxClientFactory(
          new ClientSettings(
              callTimeout,
              connectTimeout,
              connectionsPerAddress,
              maxFrameLength,
              transport,
              ioThreads,
              coalesceWrites,
              tls,
              onTlsHandshake),
          properties);
    }
  }
}
