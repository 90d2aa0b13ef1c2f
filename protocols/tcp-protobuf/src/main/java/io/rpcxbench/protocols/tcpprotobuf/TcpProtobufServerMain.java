package io.rpcxbench.protocols.tcpprotobuf;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;

/**
 * {@code java -jar tcp-protobuf-server.jar [--bind ADDR] [--port 8087] [--tls-cert F --tls-key F
 * [--tls-client-ca F]]}.
 */
public final class TcpProtobufServerMain {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          TcpProtobufProtocol.ID,
          TcpProtobufProtocol.PORT,
          "Serves the benchmark calls as varint-delimited Protobuf messages on plain TCP,"
              + " one thread per connection, until SIGTERM.",
          "Example: java -jar protocols/tcp-protobuf/target/tcp-protobuf-server.jar --port 8087");

  private TcpProtobufServerMain() {}

  public static void main(String[] args) {
    ServerMain.run(DEFINITION, starter(), args);
  }

  /** How {@code main} starts the server: the kit's limits, service and TLS. */
  static ServerStarter starter() {
    return ServerStarter.secured(
        (bind, port, extra, limits, service, tls) ->
            TcpProtobufServer.start(bind, port, limits, service, tls));
  }
}
