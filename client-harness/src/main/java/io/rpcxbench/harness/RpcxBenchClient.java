package io.rpcxbench.harness;

/** Placeholder until the RPCX client factory lands in io.rpcxbench:rpcx. */
final class RpcxBenchClient {
  private RpcxBenchClient() {}

  static BenchClient open(RunConfig config) {
    throw new IllegalStateException("the RPCX client is not built into this harness yet");
  }
}
