package io.rpcxbench.protocols.thrift;

import io.rpcxbench.testsupport.SilentConnections;
import org.junit.jupiter.api.Test;

/**
 * Issue 59: connections that send nothing are closed at the kit's --handshake-deadline, not held
 * until the idle timeout, so they never fill the connection cap.
 */
class ThriftSilentConnectionsTest {
  @Test
  void silentConnectionsAreClosedAtTheHandshakeDeadline() throws Exception {
    SilentConnections.check(
        limits -> ThriftServer.start("127.0.0.1", 0, limits), new ThriftProtocol());
  }
}
