package io.rpcxbench.protocols.typedjson;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;

/** {@code java -jar typed-json-server.jar [--bind ADDR] [--port 8096]}. */
public final class TypedJsonServerMain {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          TypedJsonProtocol.ID,
          TypedJsonProtocol.PORT,
          "Serves the benchmark calls as typed JSON over TCP (MML-like: length-prefixed frames,"
              + " calls multiplexed by request id) until SIGTERM.",
          "Example: java -jar protocols/typed-json/target/typed-json-server.jar --port 8096");

  /** Starts the server with the kit's limits ({@code --max-connections}, ...). */
  static final ServerStarter STARTER =
      ServerStarter.secured(
          (bind, port, extra, limits, service, tls) ->
              TypedJsonServer.start(bind, port, limits, service, tls));

  private TypedJsonServerMain() {}

  public static void main(String[] args) {
    ServerMain.run(DEFINITION, STARTER, args);
  }
}
