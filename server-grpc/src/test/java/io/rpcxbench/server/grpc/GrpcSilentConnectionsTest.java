package io.rpcxbench.server.grpc;

import io.rpcxbench.testsupport.SilentConnections;
import org.junit.jupiter.api.Test;

/** Issue 59: connections that never send their HTTP/2 preface close at the handshake deadline. */
class GrpcSilentConnectionsTest {
  @Test
  void silentConnectionsAreClosedAtTheHandshakeDeadline() throws Exception {
    SilentConnections.check(
        limits -> GrpcBenchServer.start("127.0.0.1", 0, false, limits), new GrpcProtocol());
  }
}
