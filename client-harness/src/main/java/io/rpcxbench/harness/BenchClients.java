package io.rpcxbench.harness;

import io.rpcxbench.harness.spi.BenchClient;

/** Builds each protocol's client the way its users write it; plugins build their own. */
final class BenchClients {
  private BenchClients() {}

  static BenchClient open(Protocol protocol, RunConfig config) {
    if (protocol.equals(Protocol.RPCX)) {
      return RpcxBenchClient.open(config);
    }
    if (protocol.equals(Protocol.GRPC)) {
      return GrpcBenchClient.open(config);
    }
    if (protocol.equals(Protocol.OPENFEIGN)) {
      return OpenFeignBenchClient.open(config);
    }
    BenchClient client = protocol.plugin().orElseThrow().open(config.clientOptions(protocol));
    if (client == null) {
      throw new IllegalStateException(
          "protocol plugin " + protocol.plugin().get().getClass().getName() + " returned no client");
    }
    return client;
  }
}
