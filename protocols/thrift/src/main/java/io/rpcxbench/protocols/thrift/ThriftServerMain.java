package io.rpcxbench.protocols.thrift;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;

/** {@code java -jar thrift-server.jar [--bind ADDR] [--port 8088]}. */
public final class ThriftServerMain {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          ThriftProtocol.ID,
          ThriftProtocol.PORT,
          "Serves the benchmark calls with Apache Thrift (framed transport, binary protocol) on"
              + " a TThreadPoolServer, one worker thread per connection, until SIGTERM.",
          "Example: java -jar protocols/thrift/target/thrift-server.jar --port 8088");

  private ThriftServerMain() {}

  public static void main(String[] args) {
    ServerMain.run(DEFINITION, STARTER, args);
  }

  /** How main starts the server: the kit's limits, service and TLS. */
  static final ServerStarter STARTER =
      ServerStarter.secured(
          (bind, port, extra, limits, service, tls) ->
              ThriftServer.start(bind, port, limits, service, tls));
}
