package io.rpcxbench.protocols.typedjson;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;

/** {@code java -jar typed-json-server.jar [--bind ADDR] [--port 8096]}. */
public final class TypedJsonServerMain {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          TypedJsonProtocol.ID,
          TypedJsonProtocol.PORT,
          "Serves the benchmark calls as typed JSON over TCP (MML-like: length-prefixed frames,"
              + " calls multiplexed by request id) until SIGTERM.",
          "Example: java -jar protocols/typed-json/target/typed-json-server.jar --port 8096");

  private TypedJsonServerMain() {}

  public static void main(String[] args) {
    ServerMain.run(DEFINITION, (bind, port, extra) -> TypedJsonServer.start(bind, port), args);
  }
}
