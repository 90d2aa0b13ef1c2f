package io.rpcxbench.harness;

import io.rpcxbench.server.openfeign.OpenFeignBenchServer;

/** The Spring Cloud OpenFeign client against the real Spring Boot HTTP server. */
class OpenFeignClientTest extends ProtocolClientContract {
  @Override
  Protocol protocol() {
    return Protocol.OPENFEIGN;
  }

  @Override
  Server startServer() {
    OpenFeignBenchServer s = OpenFeignBenchServer.start("127.0.0.1", 0);
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
