package io.rpcxbench.harness;

import io.rpcxbench.server.rpcx.RpcxBenchServer;

/** The RPCX proxy client against the real RPCX server. */
class RpcxClientTest extends ProtocolClientContract {
  @Override
  Protocol protocol() {
    return Protocol.RPCX;
  }

  @Override
  Server startServer() {
    RpcxBenchServer s = RpcxBenchServer.start("127.0.0.1", 0);
    return new Server() {
      @Override
      public int port() {
        return s.port();
      }

      @Override
      public void close() {
        s.close();
      }
    };
  }
}
