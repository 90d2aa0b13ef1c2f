package io.rpcxbench.protocols.javaser;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;

/** The server's command line in-process, as {@code main} builds it. */
class JavaserServerMainTest extends ServerCommandContract {
  @Override
  protected ServerDefinition definition() {
    return JavaserServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return JavaserServerMain.starter();
  }
}
