package io.rpcxbench.protocols.tcpprotobuf;

import io.rpcxbench.testsupport.SilentConnections;
import org.junit.jupiter.api.Test;

/**
 * Issue 59: connections that send nothing are closed at the kit's --handshake-deadline, not held
 * until the idle timeout, so they never fill the connection cap.
 */
class TcpProtobufSilentConnectionsTest {
  @Test
  void silentConnectionsAreClosedAtTheHandshakeDeadline() throws Exception {
    SilentConnections.check(
        limits -> TcpProtobufServer.start("127.0.0.1", 0, limits), new TcpProtobufProtocol());
  }
}
