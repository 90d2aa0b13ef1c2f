package io.rpcxbench.protocols.capnp;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;

/**
 * {@code java -jar capnp-server.jar [--bind ADDR] [--port 8092] [--tls-cert F --tls-key F
 * [--tls-client-ca F]]}.
 */
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
    ServerMain.run(DEFINITION, starter(), args);
  }

  /** How {@code main} starts the server: the kit's limits, service and TLS. */
  static ServerStarter starter() {
    return ServerStarter.secured(
        (bind, port, extra, limits, service, tls) ->
            CapnpServer.start(bind, port, limits, service, tls));
  }
}
