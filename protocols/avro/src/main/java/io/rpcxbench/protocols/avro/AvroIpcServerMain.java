package io.rpcxbench.protocols.avro;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;

/** {@code java -jar avro-server.jar [--bind ADDR] [--port 8089]}. */
public final class AvroIpcServerMain {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          AvroIpcProtocol.ID,
          AvroIpcProtocol.PORT,
          "Serves the benchmark calls over Apache Avro IPC (NettyServer, SpecificResponder)"
              + " until SIGTERM.",
          "Example: java -jar protocols/avro/target/avro-server.jar --port 8089");

  private AvroIpcServerMain() {}

  public static void main(String[] args) {
    ServerMain.run(DEFINITION, starter(), args);
  }

  /** How {@code main} starts the server: the kit's limits, service and TLS. */
  static ServerStarter starter() {
    return ServerStarter.secured(
        (bind, port, extra, limits, service, tls) ->
            AvroIpcServer.start(bind, port, limits, service, tls));
  }
}
