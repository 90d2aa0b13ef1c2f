package io.rpcxbench.protocols.avro;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;

/** The server's command line in-process, as {@code main} builds it. */
class AvroIpcServerMainTest extends ServerCommandContract {
  @Override
  protected ServerDefinition definition() {
    return AvroIpcServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return AvroIpcServerMain.starter();
  }
}
