package io.rpcxbench.protocols.capnp;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;

/** The server's command line in-process, as {@code main} builds it. */
class CapnpServerMainTest extends ServerCommandContract {
  @Override
  protected ServerDefinition definition() {
    return CapnpServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return CapnpServerMain.starter();
  }
}
