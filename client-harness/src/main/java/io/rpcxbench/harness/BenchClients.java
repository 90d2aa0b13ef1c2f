package io.rpcxbench.harness;

/** Builds each protocol's client the way its users write it. */
final class BenchClients {
  private BenchClients() {}

  static BenchClient open(Protocol protocol, RunConfig config) {
    switch (protocol) {
      case RPCX:
        return RpcxBenchClient.open(config);
      case GRPC:
        return GrpcBenchClient.open(config);
      default:
        return OpenFeignBenchClient.open(config);
    }
  }
}
