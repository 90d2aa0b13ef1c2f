package io.rpcxbench.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.testsupport.ByteCountingProxy;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code --compression gzip}: grpc-java's gzip codec compresses the requests and the server answers
 * in kind, so a compressible payload crosses the wire smaller both ways; without it, it does not.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GrpcCompressionTest {
  private static final byte[] COMPRESSIBLE =
      "the same words again and again; ".repeat(2048).getBytes(StandardCharsets.US_ASCII);
  private static final int CALLS = 5;

  private GrpcBenchServer server;

  @BeforeAll
  void start() {
    server =
        GrpcBenchServer.start(
            "127.0.0.1", 0, false, ServerLimits.defaults(), new BenchLogic(), null);
  }

  @AfterAll
  void stop() {
    server.close();
  }

  @Test
  void theCatalogOffersGzipForBothVariants() {
    assertThat(new GrpcProtocol().compressions()).containsExactly("gzip");
    assertThat(new GrpcTunedProtocol().compressions()).containsExactly("gzip");
  }

  @Test
  void gzipShrinksACompressiblePayloadBothWays() throws Exception {
    long[] plain = wireBytes(ClientOptions.NO_COMPRESSION);
    long[] gzip = wireBytes("gzip");
    assertThat(gzip[0]).isLessThan(plain[0] / 10);
    assertThat(gzip[1]).isLessThan(plain[1] / 10);
  }

  /** Request and reply bytes of {@link #CALLS} echo calls after a warm-up call. */
  private long[] wireBytes(String compression) throws Exception {
    try (ByteCountingProxy proxy = ByteCountingProxy.start(server.port())) {
      ClientOptions options =
          new ClientOptions(
                  "127.0.0.1", proxy.port(), Duration.ofSeconds(10), Duration.ofSeconds(5), 1)
              .withCompression(compression);
      try (BenchClient client = new GrpcProtocol().open(options)) {
        assertThat(client.describe().contains("gzip")).isEqualTo(options.compresses());
        assertThat(client.echo(COMPRESSIBLE)).isEqualTo(COMPRESSIBLE);
        long up = proxy.requestBytes();
        long down = proxy.replyBytes();
        for (int i = 0; i < CALLS; i++) {
          assertThat(client.echo(COMPRESSIBLE)).isEqualTo(COMPRESSIBLE);
        }
        return new long[] {proxy.requestBytes() - up, proxy.replyBytes() - down};
      }
    }
  }
}
