package io.rpcxbench.protocols.thrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.CompressionContract;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@code --compression zlib}: libthrift's TZlibTransport over the framed transport on the client,
 * and the server, started as always, answering that connection in kind; so a compressible payload
 * crosses the wire smaller both ways, while a plain client of the same server is unchanged.
 */
class ThriftCompressionTest extends CompressionContract {
  @Override
  protected RunningServer startServer() throws Exception {
    return ThriftServer.start("127.0.0.1", 0);
  }

  @Override
  protected ProtocolProvider provider() {
    return new ThriftProtocol();
  }

  @Override
  protected String codec() {
    return "zlib";
  }

  @Test
  void anErrorAnswersOverZlibAndTheConnectionCarriesOn() {
    try (BenchClient client = new ThriftProtocol().open(options(serverPort(), "zlib"))) {
      assertThat(client.describe()).contains("zlib compression (TZlibTransport");
      assertThatThrownBy(() -> client.hello(null))
          .isInstanceOfSatisfying(
              ThriftException.class,
              e -> assertThat(e.code()).isEqualTo(ThriftException.Code.INVALID_ARGUMENT));
      assertThat(client.hello("again")).isEqualTo("hello, again"); // the connection carries on
    }
  }

  /** Far more inflated bytes than one message may hold: the bound is per message, not per link. */
  @Test
  void aLongConnectionIsBoundedPerMessage() {
    byte[] big = "zlib ".repeat(64 * 1024).getBytes(StandardCharsets.US_ASCII); // 320 KiB
    try (BenchClient client = new ThriftProtocol().open(options(serverPort(), "zlib"))) {
      for (int i = 0; i < 3 * ThriftLimits.MAX_FRAME / big.length; i++) {
        assertThat(client.echo(big)).isEqualTo(big);
      }
    }
  }

  @Test
  void plainAndZlibClientsShareTheServer() {
    try (BenchClient zlib = new ThriftProtocol().open(options(serverPort(), "zlib"));
        BenchClient plain =
            new ThriftProtocol().open(options(serverPort(), ClientOptions.NO_COMPRESSION))) {
      for (int i = 0; i < 3; i++) {
        assertThat(zlib.echo(COMPRESSIBLE)).isEqualTo(COMPRESSIBLE);
        assertThat(plain.echo(COMPRESSIBLE)).isEqualTo(COMPRESSIBLE);
      }
    }
  }
}
