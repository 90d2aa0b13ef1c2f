package io.rpcxbench.protocols.grpcstream;

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
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The BenchStream service on a grpc-java server (Netty transport from grpc-netty-shaded,
 * plaintext).
 *
 * <pre>{@code
 * try (GrpcStreamServer server = GrpcStreamServer.start("127.0.0.1", 0, false)) {
 *   int port = server.port();
 * }
 * }</pre>
 */
public final class GrpcStreamServer implements RunningServer {
  private static final Logger log = LoggerFactory.getLogger(GrpcStreamServer.class);
  private static final long GRACE_SECONDS = 5;

  private final Server server;
  private final BenchStreamService service;
  private final GrpcLimits limits;

  private GrpcStreamServer(Server server, BenchStreamService service, GrpcLimits limits) {
    this.limits = limits;
    this.server = server;
    this.service = service;
  }

  /**
   * Binds and starts the server.
   *
   * @param directExecutor run the handlers on the transport threads instead of gRPC's default
   *     cached thread pool (the handlers never block)
   * @throws UncheckedIOException when the port cannot be bound; its cause chain holds the {@link
   *     java.net.BindException} for a busy port
   */
  public static GrpcStreamServer start(String bindAddress, int port, boolean directExecutor) {
    return start(bindAddress, port, directExecutor, ServerLimits.defaults());
  }

  /**
   * Binds with the server kit's limits, in gRPC's knobs ({@link GrpcLimits}).
   *
   * @throws UncheckedIOException when the port cannot be bound
   */
  public static GrpcStreamServer start(
      String bindAddress, int port, boolean directExecutor, ServerLimits serverLimits) {
    return start(bindAddress, port, directExecutor, serverLimits, new BenchLogic());
  }

  /** As {@link #start(String, int, boolean, ServerLimits)}, serving the server kit's service. */
  public static GrpcStreamServer start(
      String bindAddress,
      int port,
      boolean directExecutor,
      ServerLimits serverLimits,
      BenchService logic) {
    return start(bindAddress, port, directExecutor, serverLimits, logic, null);
  }

  /**
   * As above, serving TLS only when {@code tls} is given: grpc-java's TLS on the Netty transport
   * ({@code GrpcSslContexts}, JDK provider), mTLS with a client CA.
   */
  public static GrpcStreamServer start(
      String bindAddress,
      int port,
      boolean directExecutor,
      ServerLimits serverLimits,
      BenchService logic,
      ServerTls tls) {
    InetSocketAddress address;
    try {
      address = new InetSocketAddress(InetAddress.getByName(bindAddress), port);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot resolve bind address " + bindAddress, e);
    }
    BenchStreamService service = new BenchStreamService(logic);
    NettyServerBuilder builder =
        (tls == null
                ? NettyServerBuilder.forAddress(address, InsecureServerCredentials.create())
                : NettyServerBuilder.forAddress(address).sslContext(sslContext(tls)))
            .addService(io.grpc.ServerInterceptors.intercept(service, new ReplyCompression()));
    if (directExecutor) {
      builder.directExecutor();
    }
    GrpcLimits limits = GrpcLimits.apply(GrpcStreamProtocol.ID, builder, serverLimits, true);
    Server server = builder.build();
    try {
      server.start();
    } catch (IOException e) {
      server.shutdownNow();
      limits.close();
      throw new UncheckedIOException("cannot listen on " + address, withBindException(e));
    }
    log.info(
        "grpc-stream server on port {} (executor: {}{})",
        server.getPort(),
        directExecutor ? "direct" : "default",
        tls == null ? "" : "; " + (tls.mutual() ? "mTLS" : "TLS") + " only, JDK provider");
    return new GrpcStreamServer(server, service, limits);
  }

  /**
   * gRPC reports a busy port as an IOException whose cause depends on the transport (Netty's native
   * transport has its own exception type); make sure the kit finds a BindException.
   */
  private static IOException withBindException(IOException e) {
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof BindException) {
        return e;
      }
      if (String.valueOf(c.getMessage()).contains("Address already in use")) {
        BindException bind = new BindException(c.getMessage());
        bind.initCause(e);
        return bind;
      }
    }
    return e;
  }

  @Override
  public int port() {
    return server.getPort();
  }

  /**
   * Stops taking new streams, answers the calls already received, then ends every open stream with
   * OK (a stream never ends by itself, so a plain {@code shutdown()} would wait out the grace
   * period); cancels what is left after a few seconds. Idempotent.
   */
  @Override
  public void close() {
    server.shutdown();
    service.endAll();
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

  /** grpc-java's server TLS from the kit's PEM files: h2 by ALPN, JDK provider; mTLS: required. */
  private static SslContext sslContext(ServerTls tls) {
    try {
      SslContextBuilder builder =
          SslContextBuilder.forServer(tls.cert().toFile(), tls.key().toFile());
      if (tls.mutual()) {
        builder.trustManager(tls.clientCa().toFile()).clientAuth(ClientAuth.REQUIRE);
      }
      return GrpcSslContexts.configure(builder, SslProvider.JDK).build();
    } catch (SSLException | IllegalArgumentException e) {
      throw new IllegalStateException("TLS set-up failed: " + e.getMessage(), e);
    }
  }
}
