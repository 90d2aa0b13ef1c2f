package io.rpcxbench.protocols.capnp;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;

/** {@code java -jar capnp-server.jar [--bind ADDR] [--port 8092]}. */
public final class CapnpServerMain {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          CapnpProtocol.ID,
          CapnpProtocol.PORT,
          "Serves the benchmark calls as Cap'n Proto messages (standard stream framing) on plain"
              + " TCP, one thread per connection, until SIGTERM.",
          "Example: java -jar protocols/capnp/target/capnp-server.jar --port 8092");

  private CapnpServerMain() {}

  public static void main(String[] args) {
    ServerMain.run(
        DEFINITION,
        ServerStarter.serving(
            (bind, port, extra, limits, service) -> CapnpServer.start(bind, port, limits, service)),
        args);
  }
}
