package io.rpcxbench.protocols.tcpprotobuf;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;

/** The server's command line in-process, as {@code main} builds it. */
class TcpProtobufServerMainTest extends ServerCommandContract {
  @Override
  protected ServerDefinition definition() {
    return TcpProtobufServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return TcpProtobufServerMain.starter();
  }
}
