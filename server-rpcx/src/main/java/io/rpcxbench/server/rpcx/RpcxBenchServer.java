package io.rpcxbench.server.rpcx;

import io.rpcxbench.rpcx.RpcxServer;
import io.rpcxbench.rpcx.Transport;
import io.rpcxbench.serverkit.RunningServer;

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

  /**
   * Starts serving.
   *
   * @throws IllegalStateException when the address cannot be bound
   */
  public static RpcxBenchServer start(String bindAddress, int port, Transport transport) {
    RpcxServer server =
        RpcxServer.builder()
            .bind(bindAddress)
            .port(port)
            .transport(transport)
            .publish(new BenchEndpoint())
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
