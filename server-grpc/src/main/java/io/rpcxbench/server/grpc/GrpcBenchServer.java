package io.rpcxbench.server.grpc;

import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.ClientAuth;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContextBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslProvider;
import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.serverkit.grpc.GrpcLimits;
import io.rpcxbench.serverkit.grpc.ReplyCompression;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running gRPC server of the benchmark service ({@code rpcxbench.Bench}), built the way
 * grpc-java's examples build one: Netty (shaded) transport, plaintext (or the kit's TLS through
 * grpc-java's own: {@code GrpcSslContexts}, JDK provider, ALPN h2), gRPC's default executor unless
 * {@code directExecutor} is asked for.
 *
 * <pre>{@code
 * try (GrpcBenchServer server = GrpcBenchServer.start("127.0.0.1", 0, false)) {
 *   ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", server.port())
 *       .usePlaintext().build();
 *   ...
 * }
 * }</pre>
 */
public final class GrpcBenchServer implements RunningServer {
  private static final Logger log = LoggerFactory.getLogger(GrpcBenchServer.class);
  private static final long GRACE_SECONDS = 5;

  private final Server server;
  private final String bindAddress;
  private final int port;
  private final boolean directExecutor;
  private final GrpcLimits limits;

  private GrpcBenchServer(
      Server server, String bindAddress, boolean directExecutor, GrpcLimits limits) {
    this.limits = limits;
    this.server = server;
    this.bindAddress = bindAddress;
    this.port = server.getPort();
    this.directExecutor = directExecutor;
  }

  /**
   * Binds and starts the server.
   *
   * @param bindAddress host name or IP literal to listen on ({@code 0.0.0.0} for all)
   * @param port TCP port, {@code 0} for an ephemeral one (read it back with {@link #port()})
   * @param directExecutor run handlers on the transport threads (gRPC's documented tuning for
   *     handlers that never block) instead of gRPC's default cached thread pool
   * @throws UncheckedIOException if the address does not resolve or the port cannot be bound
   */
  public static GrpcBenchServer start(String bindAddress, int port, boolean directExecutor) {
    return start(bindAddress, port, directExecutor, ServerLimits.defaults());
  }

  /**
   * Binds and starts the server with the server kit's limits, in gRPC's knobs ({@link GrpcLimits}:
   * maxConnectionIdle, maxInboundMessageSize, a cap on the listening channel).
   *
   * @throws UncheckedIOException if the address does not resolve or the port cannot be bound
   */
  public static GrpcBenchServer start(
      String bindAddress, int port, boolean directExecutor, ServerLimits serverLimits) {
    return start(bindAddress, port, directExecutor, serverLimits, new BenchLogic());
  }

  /**
   * As {@link #start(String, int, boolean, ServerLimits)}, serving the server kit's service (logic,
   * work, or a chain gateway). The server has its own event loops ({@link GrpcLimits}), so a
   * handler that waits for a gateway's gRPC client never waits for its own transport thread.
   */
  public static GrpcBenchServer start(
      String bindAddress,
      int port,
      boolean directExecutor,
      ServerLimits serverLimits,
      BenchService service) {
    return start(bindAddress, port, directExecutor, serverLimits, service, null);
  }

  /**
   * As {@link #start(String, int, boolean, ServerLimits, BenchService)}, serving TLS only when
   * {@code tls} is given: grpc-java's TLS on the Netty transport ({@link GrpcSslContexts}, the JDK
   * provider as on the client, whose jar has no tcnative), mTLS with a client CA.
   */
  public static GrpcBenchServer start(
      String bindAddress,
      int port,
      boolean directExecutor,
      ServerLimits serverLimits,
      BenchService service,
      ServerTls tls) {
    InetSocketAddress address;
    try {
      address = new InetSocketAddress(InetAddress.getByName(bindAddress), port);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot resolve bind address " + bindAddress, e);
    }
    NettyServerBuilder builder =
        (tls == null
                ? NettyServerBuilder.forAddress(address, InsecureServerCredentials.create())
                : NettyServerBuilder.forAddress(address).sslContext(sslContext(tls)))
            .addService(
                io.grpc.ServerInterceptors.intercept(
                    new BenchServiceImpl(service), new ReplyCompression()));
    // a message call is answered in kind too (--compression with --call message)
    service
        .messageShape()
        .ifPresent(
            shape ->
                builder.addService(
                    io.grpc.ServerInterceptors.intercept(
                        GrpcMessageService.of(shape), new ReplyCompression())));
    if (directExecutor) {
      builder.directExecutor();
    }
    GrpcLimits limits = GrpcLimits.apply(GrpcProtocol.ID, builder, serverLimits);
    Server server = builder.build();
    try {
      server.start();
    } catch (IOException e) {
      server.shutdownNow();
      limits.close();
      throw new UncheckedIOException(
          "cannot listen on " + hostPort(bindAddress, port) + ": " + bindFailure(e), e);
    }
    GrpcBenchServer started = new GrpcBenchServer(server, bindAddress, directExecutor, limits);
    log.info(
        "gRPC server started on {} (executor: {}; {}{})",
        hostPort(bindAddress, started.port),
        directExecutor ? "direct" : "default",
        serverLimits.describe(),
        tls == null ? "" : "; " + (tls.mutual() ? "mTLS" : "TLS") + " only, JDK provider");
    return started;
  }

  /** grpc-java's server TLS from the kit's PEM files: h2 by ALPN, JDK provider. */
  private static SslContext sslContext(ServerTls tls) {
    try {
      SslContextBuilder builder =
          SslContextBuilder.forServer(tls.cert().toFile(), tls.key().toFile());
      if (tls.mutual()) {
        builder.trustManager(tls.clientCa().toFile()).clientAuth(ClientAuth.REQUIRE);
      }
      return GrpcSslContexts.configure(builder, SslProvider.JDK).build();
    } catch (javax.net.ssl.SSLException e) {
      throw new IllegalStateException("TLS set-up failed: " + e.getMessage(), e);
    }
  }

  /** The port actually bound (useful after asking for port 0). */
  @Override
  public int port() {
    return port;
  }

  /** The address the server listens on, as given to {@link #start}. */
  public String bindAddress() {
    return bindAddress;
  }

  /** Whether handlers run on the transport threads. */
  public boolean directExecutor() {
    return directExecutor;
  }

  /** Blocks until the server has terminated (after {@link #close()} from another thread). */
  public void awaitTermination() throws InterruptedException {
    server.awaitTermination();
  }

  /**
   * Stops accepting calls, lets calls in flight finish for a few seconds, then cancels the rest.
   * Idempotent.
   */
  @Override
  public void close() {
    if (server.isTerminated()) {
      return;
    }
    server.shutdown();
    try {
      if (!server.awaitTermination(GRACE_SECONDS, TimeUnit.SECONDS)) {
        server.shutdownNow();
        server.awaitTermination(GRACE_SECONDS, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      server.shutdownNow();
      Thread.currentThread().interrupt();
    }
    limits.close();
  }

  /** {@code host:port}, with IPv6 literals in brackets. */
  static String hostPort(String host, int port) {
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
  }

  /** One line for the operator; Netty's native transport words EADDRINUSE its own way. */
  private static String bindFailure(Throwable t) {
    Throwable root = t;
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      String message = String.valueOf(c.getMessage());
      if (c instanceof BindException || message.contains("Address already in use")) {
        return message.contains("already in use") ? "address already in use" : message;
      }
      root = c;
    }
    return root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
  }
}
