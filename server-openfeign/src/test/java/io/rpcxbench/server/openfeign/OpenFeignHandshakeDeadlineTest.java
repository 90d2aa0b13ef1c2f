package io.rpcxbench.server.openfeign;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.testsupport.StalledHandshakes;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tomcat (openfeign, openfeign-tuned, http-json): a trickled or silent TLS handshake is closed at
 * the kit's handshake deadline ({@link HandshakeDeadline}), not kept while each byte comes within
 * Tomcat's connection timeout.
 */
class OpenFeignHandshakeDeadlineTest {
  @TempDir Path dir;

  @Test
  void stalledHandshakesAreClosedAtTheDeadline() throws Exception {
    StalledHandshakes.check(
        dir,
        (tls, limits) -> OpenFeignServerMain.start("127.0.0.1", 0, limits, new BenchLogic(), tls));
  }
}
