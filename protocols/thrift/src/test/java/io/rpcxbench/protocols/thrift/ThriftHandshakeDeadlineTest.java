package io.rpcxbench.protocols.thrift;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.testsupport.StalledHandshakes;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Thrift's SSL socket: a trickled or silent handshake frees its worker and its slot on time. */
class ThriftHandshakeDeadlineTest {
  @TempDir Path dir;

  @Test
  void stalledHandshakesAreClosedAtTheDeadline() throws Exception {
    StalledHandshakes.check(
        dir, (tls, limits) -> ThriftServer.start("127.0.0.1", 0, limits, new BenchLogic(), tls));
  }
}
