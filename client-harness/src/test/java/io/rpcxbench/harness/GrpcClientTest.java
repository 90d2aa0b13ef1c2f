package io.rpcxbench.harness;

import io.rpcxbench.server.grpc.GrpcBenchServer;

/** The gRPC blocking-stub client against the real gRPC server. */
class GrpcClientTest extends ProtocolClientContract {
  @Override
  Protocol protocol() {
    return Protocol.GRPC;
  }

  @Override
  Server startServer() {
    GrpcBenchServer s = GrpcBenchServer.start("127.0.0.1", 0, false);
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
