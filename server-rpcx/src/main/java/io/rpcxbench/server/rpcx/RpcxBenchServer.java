package io.rpcxbench.server.rpcx;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.rpcx.RpcxServer;
import io.rpcxbench.rpcx.Transport;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.serverkit.netty.NettyTls;

/**
 * The benchmark service on an {@link RpcxServer}: host B's RPCX side.
 *
 * <pre>{@code
 * try (RpcxBenchServer server = RpcxBenchServer.start("127.0.0.1", 0)) {
 *   int port = server.port();
 * }
 * }</pre>
 */
public final class RpcxBenchServer implements RunningServer {
  private final RpcxServer server;

  private RpcxBenchServer(RpcxServer server) {
    this.server = server;
  }

  /** Starts on the NIO transport. */
  public static RpcxBenchServer start(String bindAddress, int port) {
    return start(bindAddress, port, Transport.NIO);
  }

  /** Starts with the server kit's default limits. */
  public static RpcxBenchServer start(String bindAddress, int port, Transport transport) {
    return start(bindAddress, port, transport, ServerLimits.defaults());
  }

  /** Starts serving plain {@link BenchLogic}. */
  public static RpcxBenchServer start(
      String bindAddress, int port, Transport transport, ServerLimits limits) {
    return start(bindAddress, port, transport, limits, new BenchLogic());
  }

  /** Starts serving plaintext. */
  public static RpcxBenchServer start(
      String bindAddress,
      int port,
      Transport transport,
      ServerLimits limits,
      BenchService service) {
    return start(bindAddress, port, transport, limits, service, null);
  }

  /**
   * Starts serving.
   *
   * @param limits the server kit's limits ({@code --idle-timeout}, {@code --max-connections}, ...)
   * @param service what the calls do (the server kit's: logic, work, or a chain gateway)
   * @param tls the kit's TLS, as RPCX's Netty SslHandler (JDK provider); null: plaintext
   * @throws IllegalStateException when the address cannot be bound
   */
  public static RpcxBenchServer start(
      String bindAddress,
      int port,
      Transport transport,
      ServerLimits limits,
      BenchService service,
      ServerTls tls) {
    RpcxServer.Builder builder = RpcxServer.builder();
    if (tls != null) {
      builder.tls(NettyTls.serverContext(tls, limits)); // the kit's --handshake-deadline
    }
    service.messageShape().ifPresent(shape -> builder.publish(MessageEndpoint.of(shape)));
    RpcxServer server =
        builder
            .bind(bindAddress)
            .port(port)
            .transport(transport)
            .maxFrameLength(limits.maxFrameBytes())
            .guard(new KitLimits(limits))
            .publish(BenchEndpoint.of(service))
            .build()
            .start();
    return new RpcxBenchServer(server);
  }

  @Override
  public int port() {
    return server.port();
  }

  /** Graceful stop: calls in flight finish first. */
  @Override
  public void close() {
    server.stop();
  }
}
