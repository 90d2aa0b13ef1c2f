package io.rpcxbench.protocols.avro;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;

/** {@code java -jar avro-socket-server.jar [--bind ADDR] [--port 8091]}. */
public final class AvroSocketServerMain {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          AvroSocketProtocol.ID,
          AvroSocketProtocol.PORT,
          "Serves the benchmark calls as Avro binary records in 4-byte length-prefixed frames on"
              + " plain TCP, one thread per connection, until SIGTERM.",
          "Example: java -jar protocols/avro/target/avro-socket-server.jar --port 8091");

  private AvroSocketServerMain() {}

  public static void main(String[] args) {
    ServerMain.run(DEFINITION, starter(), args);
  }

  /** How {@code main} starts the server: the kit's limits, service and TLS. */
  static ServerStarter starter() {
    return ServerStarter.secured(
        (bind, port, extra, limits, service, tls) ->
            AvroSocketServer.start(bind, port, limits, service, tls));
  }
}
