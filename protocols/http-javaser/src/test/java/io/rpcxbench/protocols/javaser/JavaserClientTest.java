package io.rpcxbench.protocols.javaser;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientContract;
import org.junit.jupiter.api.Test;

/** The http-javaser plug-in's client against the real Netty server. */
class JavaserClientTest extends BenchClientContract {
  @Override
  protected ProtocolProvider provider() {
    return new JavaserProtocol();
  }

  @Override
  protected RunningServer startServer(int port) {
    return JavaserServer.start("127.0.0.1", port);
  }

  @Test
  void catalogEntry() {
    ProtocolProvider p = provider();
    assertThat(p.id()).isEqualTo("http-javaser");
    assertThat(p.type()).isEqualTo(7);
    assertThat(p.defaultPort()).isEqualTo(8086);
    assertThat(p.label()).isEqualTo("HTTP/1.1 + Java serialization");
    assertThat(p.server().jar()).isEqualTo("protocols/http-javaser/target/http-javaser-server.jar");
  }
}
