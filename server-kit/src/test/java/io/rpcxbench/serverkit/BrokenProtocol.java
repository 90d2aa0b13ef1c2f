package io.rpcxbench.serverkit;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.spi.ServerLaunch;

/** A protocol whose client's libraries are missing, as in a server jar that leaves them out. */
public final class BrokenProtocol implements ProtocolProvider {
  @Override
  public String id() {
    return "broken";
  }

  @Override
  public String label() {
    return "broken";
  }

  @Override
  public int type() {
    return 98;
  }

  @Override
  public int defaultPort() {
    return 9998;
  }

  @Override
  public ServerLaunch server() {
    return ServerLaunch.jar("broken.jar");
  }

  @Override
  public BenchClient open(ClientOptions options) {
    throw new NoClassDefFoundError("feign/Client");
  }
}
