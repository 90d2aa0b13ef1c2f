package io.rpcxbench.protocols.javaser;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;

/** {@code java -jar http-javaser-server.jar [--bind ADDR] [--port 8086]}. */
public final class JavaserServerMain {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          JavaserProtocol.ID,
          JavaserProtocol.PORT,
          "Serves POST /hello, /echo, /put and /items with Java-serialized bodies over HTTP/1.1"
              + " (Netty) until SIGTERM; deserializes only an allow-list of request classes.",
          "Example: java -jar protocols/http-javaser/target/http-javaser-server.jar --port 8086");

  private JavaserServerMain() {}

  public static void main(String[] args) {
    ServerMain.run(DEFINITION, starter(), args);
  }

  /** How {@code main} starts the server: the kit's limits, service and TLS. */
  static ServerStarter starter() {
    return ServerStarter.secured(
        (bind, port, extra, limits, service, tls) ->
            JavaserServer.start(bind, port, limits, service, tls));
  }
}
