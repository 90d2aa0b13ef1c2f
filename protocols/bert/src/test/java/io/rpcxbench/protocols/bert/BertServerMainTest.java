package io.rpcxbench.protocols.bert;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;

/** The server's command line in-process, as {@code main} builds it. */
class BertServerMainTest extends ServerCommandContract {
  @Override
  protected ServerDefinition definition() {
    return BertServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return (bind, port, extra) -> BertServer.start(bind, port);
  }
}
