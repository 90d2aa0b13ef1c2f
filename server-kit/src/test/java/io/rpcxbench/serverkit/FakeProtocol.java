package io.rpcxbench.serverkit;

import io.rpcxbench.serverkit.service.FakeClient;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.spi.ServerLaunch;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The "demo" protocol of the kit's tests: its clients are {@link FakeClient}s, never connected. */
public final class FakeProtocol implements ProtocolProvider {
  static final List<ClientOptions> OPENED = new CopyOnWriteArrayList<>();

  @Override
  public String id() {
    return "demo";
  }

  @Override
  public String label() {
    return "demo";
  }

  @Override
  public int type() {
    return 99;
  }

  @Override
  public int defaultPort() {
    return 9999;
  }

  @Override
  public ServerLaunch server() {
    return ServerLaunch.jar("demo.jar");
  }

  @Override
  public BenchClient open(ClientOptions options) {
    OPENED.add(options);
    return new FakeClient(FakeClient.Behaviour.RIGHT, false);
  }
}
