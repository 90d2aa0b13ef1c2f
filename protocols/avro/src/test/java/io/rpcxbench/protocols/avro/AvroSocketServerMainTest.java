package io.rpcxbench.protocols.avro;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;

/** The server's command line in-process, as {@code main} builds it. */
class AvroSocketServerMainTest extends ServerCommandContract {
  @Override
  protected ServerDefinition definition() {
    return AvroSocketServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return AvroSocketServerMain.starter();
  }
}
