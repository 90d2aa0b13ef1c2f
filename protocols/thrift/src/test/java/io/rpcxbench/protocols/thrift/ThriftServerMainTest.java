package io.rpcxbench.protocols.thrift;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;

/** The server's command line in-process, as {@code main} builds it. */
class ThriftServerMainTest extends ServerCommandContract {
  @Override
  protected ServerDefinition definition() {
    return ThriftServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return ThriftServerMain.STARTER;
  }
}
