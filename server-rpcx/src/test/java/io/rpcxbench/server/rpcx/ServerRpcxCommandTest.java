package io.rpcxbench.server.rpcx;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;

/** server-rpcx's command line as its main builds it, TLS options included. */
class ServerRpcxCommandTest extends ServerCommandContract {
  private final ServerRpcxMain.Options options = new ServerRpcxMain.Options();

  @Override
  protected ServerDefinition definition() {
    return ServerRpcxMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return ServerRpcxMain.starter(options);
  }

  @Override
  protected Object[] ownOptions() {
    return new Object[] {options};
  }
}
