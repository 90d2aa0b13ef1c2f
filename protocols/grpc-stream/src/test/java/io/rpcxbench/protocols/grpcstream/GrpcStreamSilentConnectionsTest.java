package io.rpcxbench.protocols.grpcstream;

import io.rpcxbench.testsupport.SilentConnections;
import org.junit.jupiter.api.Test;

/**
 * Issue 59: connections that never send their HTTP/2 preface are closed at the handshake deadline
 * (4,095 of them held the 4,096 cap for at least 19 s).
 */
class GrpcStreamSilentConnectionsTest {
  @Test
  void silentConnectionsAreClosedAtTheHandshakeDeadline() throws Exception {
    SilentConnections.check(
        limits -> GrpcStreamServer.start("127.0.0.1", 0, false, limits), new GrpcStreamProtocol());
  }
}
