package io.rpcxbench.protocols.tcpprotobuf;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;

/** {@code java -jar tcp-protobuf-server.jar [--bind ADDR] [--port 8087]}. */
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
    ServerMain.run(
        DEFINITION,
        ServerStarter.serving(
            (bind, port, extra, limits, service) ->
                TcpProtobufServer.start(bind, port, limits, service)),
        args);
  }
}
