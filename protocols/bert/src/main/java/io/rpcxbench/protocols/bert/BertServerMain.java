package io.rpcxbench.protocols.bert;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;

/**
 * {@code java -jar bert-server.jar [--bind ADDR] [--port 8093] [--tls-cert F --tls-key F
 * [--tls-client-ca F]]}.
 */
public final class BertServerMain {
  static final ServerDefinition DEFINITION =
      ServerDefinition.of(
          BertProtocol.ID,
          BertProtocol.PORT,
          "Serves the module bench over BERT-RPC (Erlang external term format in 4-byte"
              + " length-prefixed frames) on Netty NIO, until SIGTERM.",
          "Example: java -jar protocols/bert/target/bert-server.jar --port 8093");

  /** Starts the server with the kit's limits ({@code --max-connections}, ...) and TLS. */
  static final ServerStarter STARTER =
      ServerStarter.secured(
          (bind, port, extra, limits, service, tls) ->
              BertServer.start(bind, port, limits, service, tls));

  private BertServerMain() {}

  public static void main(String[] args) {
    ServerMain.run(DEFINITION, STARTER, args);
  }
}
