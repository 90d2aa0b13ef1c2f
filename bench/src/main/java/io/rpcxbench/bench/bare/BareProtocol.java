package io.rpcxbench.bench.bare;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.spi.ServerLaunch;

/**
 * The harness plugin for the bare baseline: {@code --protocol bare --port bare=PORT}, results in
 * {@code <out>/bare/} with type 90 (not one of the paper's types; see docs/raw-format.md).
 */
public final class BareProtocol implements ProtocolProvider {
  public static final String ID = "bare";
  public static final int TYPE = 90;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "bare Netty floor";
  }

  /** Benchmark-only: the server is in bench/, next to the JMH benchmarks. */
  @Override
  public ServerLaunch server() {
    return ServerLaunch.jar("bench/target/bare-server.jar");
  }

  @Override
  public int type() {
    return TYPE;
  }

  @Override
  public int defaultPort() {
    return BareServerMain.DEFAULT_PORT;
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return new BareClient(options);
  }
}
