package io.rpcxbench.protocols.typedjson;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;

/** The server's command line in-process, as {@code main} builds it. */
class TypedJsonServerMainTest extends ServerCommandContract {
  @Override
  protected ServerDefinition definition() {
    return TypedJsonServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return (bind, port, extra) -> TypedJsonServer.start(bind, port);
  }
}
