package io.rpcxbench.protocols.bert;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;

/** {@code java -jar bert-server.jar [--bind ADDR] [--port 8093]}. */
public final class BertServerMain {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          BertProtocol.ID,
          BertProtocol.PORT,
          "Serves the module bench over BERT-RPC (Erlang external term format in 4-byte"
              + " length-prefixed frames) on Netty NIO, until SIGTERM.",
          "Example: java -jar protocols/bert/target/bert-server.jar --port 8093");

  private BertServerMain() {}

  public static void main(String[] args) {
    ServerMain.run(DEFINITION, (bind, port, extra) -> BertServer.start(bind, port), args);
  }
}
