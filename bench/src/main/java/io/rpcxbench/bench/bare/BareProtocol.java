package io.rpcxbench.bench.bare;

import io.rpcxbench.harness.spi.BenchClient;
import io.rpcxbench.harness.spi.ClientOptions;
import io.rpcxbench.harness.spi.ProtocolProvider;

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
