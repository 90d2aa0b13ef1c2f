package io.rpcxbench.server.rpcx;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.rpcx.Transport;
import io.rpcxbench.testsupport.SilentConnections;
import org.junit.jupiter.api.Test;

/**
 * Issue 59: connections that send nothing are closed at the kit's --handshake-deadline, not held
 * until the idle timeout, so they never fill the connection cap.
 */
class RpcxSilentConnectionsTest {
  @Test
  void silentConnectionsAreClosedAtTheHandshakeDeadline() throws Exception {
    SilentConnections.check(
        limits ->
            RpcxBenchServer.start("127.0.0.1", 0, Transport.NIO, limits, new BenchLogic(), null),
        new RpcxProtocol());
  }
}
