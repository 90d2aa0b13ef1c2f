package io.rpcxbench.server.grpc;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;

/** server-grpc's command line as its main builds it, TLS options included. */
class GrpcServerCommandContractTest extends ServerCommandContract {
  private final GrpcServerCommand.Options options = new GrpcServerCommand.Options();

  @Override
  protected ServerDefinition definition() {
    return GrpcServerCommand.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return GrpcServerCommand.starter(options);
  }

  @Override
  protected Object[] ownOptions() {
    return new Object[] {options};
  }
}
