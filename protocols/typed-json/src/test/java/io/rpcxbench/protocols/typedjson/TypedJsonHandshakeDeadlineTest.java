package io.rpcxbench.protocols.typedjson;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.testsupport.StalledHandshakes;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * typed-json's Netty server (SslHandler's handshake timeout): a trickled or silent TLS handshake
 * frees its slot on time (--handshake-deadline).
 */
class TypedJsonHandshakeDeadlineTest {
  @TempDir Path dir;

  @Test
  void stalledHandshakesAreClosedAtTheDeadline() throws Exception {
    StalledHandshakes.check(
        dir, (tls, limits) -> TypedJsonServer.start("127.0.0.1", 0, limits, new BenchLogic(), tls));
  }
}
