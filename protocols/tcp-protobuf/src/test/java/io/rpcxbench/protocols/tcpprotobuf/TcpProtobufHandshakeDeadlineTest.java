package io.rpcxbench.protocols.tcpprotobuf;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.testsupport.StalledHandshakes;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * tcp-protobuf's thread-per-connection server: a trickled or silent TLS handshake frees its slot on
 * time (--handshake-deadline).
 */
class TcpProtobufHandshakeDeadlineTest {
  @TempDir Path dir;

  @Test
  void stalledHandshakesAreClosedAtTheDeadline() throws Exception {
    StalledHandshakes.check(
        dir,
        (tls, limits) -> TcpProtobufServer.start("127.0.0.1", 0, limits, new BenchLogic(), tls));
  }
}
