package io.rpcxbench.harness;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.harness.spi.BenchClient;
import io.rpcxbench.rpcx.RpcxClientFactory;
import io.rpcxbench.rpcx.Transport;

/**
 * RPCX as its users write it: a {@link RpcxClientFactory} filled with the {@code rpcx.host} /
 * {@code rpcx.port} properties of {@link BenchService}, and the JDK proxy it creates. One
 * connection, NIO transport, the per-call deadline of {@code --timeout}.
 */
final class RpcxBenchClient implements BenchClient {
  private static final int CONNECTIONS = 1;

  private final RpcxClientFactory clients;
  private final BenchService bench;
  private final String description;

  private RpcxBenchClient(RpcxClientFactory clients, String description) {
    this.clients = clients;
    this.bench = clients.create(BenchService.class);
    this.description = description;
  }

  static BenchClient open(RunConfig config) {
    RpcxClientFactory clients =
        RpcxClientFactory.builder()
            .property("rpcx.host", config.host())
            .property("rpcx.port", String.valueOf(config.rpcxPort()))
            .callTimeout(config.timeout())
            .connectTimeout(config.connectTimeout())
            .connectionsPerAddress(CONNECTIONS)
            .transport(Transport.NIO)
            .build();
    try {
      return new RpcxBenchClient(
          clients,
          "rpcx " + BuildInfo.get("project.version") + " on Netty " + BuildInfo.get("netty.version")
              + ": RpcxClientFactory proxy of BenchService, " + CONNECTIONS
              + " connection, NIO, callTimeout " + config.timeout()
              + ", connectTimeout " + config.connectTimeout());
    } catch (RuntimeException e) {
      clients.close();
      throw e;
    }
  }

  @Override
  public String hello(String name) {
    return bench.hello(name);
  }

  @Override
  public byte[] echo(byte[] payload) {
    return bench.echo(payload);
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public void close() {
    clients.close();
  }
}
