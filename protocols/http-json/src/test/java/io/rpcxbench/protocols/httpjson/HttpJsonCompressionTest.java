package io.rpcxbench.protocols.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.server.openfeign.OpenFeignBenchServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.testsupport.ByteCountingProxy;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code --compression gzip} for http-json: against a server started with Tomcat's compression on,
 * the client's {@code Accept-Encoding: gzip} gets a compressible reply gzipped on the wire, and
 * inflates it; a client without it gets the same reply uncompressed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HttpJsonCompressionTest {
  private static final byte[] COMPRESSIBLE =
      "the same words again and again; ".repeat(2048).getBytes(StandardCharsets.US_ASCII);
  private static final int CALLS = 5;

  private OpenFeignBenchServer server;

  @BeforeAll
  void start() {
    server =
        OpenFeignBenchServer.start(
            List.of(
                "--server.address=127.0.0.1",
                "--server.port=0",
                "--server.compression.enabled=true"),
            Map.of());
  }

  @AfterAll
  void stop() {
    server.close();
  }

  @Test
  void theCatalogOffersGzip() {
    assertThat(new HttpJsonProtocol().compressions()).containsExactly("gzip");
  }

  @Test
  void gzipRepliesCrossTheWireSmallerAndInflate() throws Exception {
    long plain = replyBytes(ClientOptions.NO_COMPRESSION);
    long gzip = replyBytes("gzip");
    assertThat(gzip).isLessThan(plain / 10);
  }

  /** Reply bytes of {@link #CALLS} echo calls after a warm-up call. */
  private long replyBytes(String compression) throws Exception {
    try (ByteCountingProxy proxy = ByteCountingProxy.start(server.port())) {
      ClientOptions options =
          new ClientOptions(
                  "127.0.0.1", proxy.port(), Duration.ofSeconds(10), Duration.ofSeconds(5), 1)
              .withCompression(compression);
      try (BenchClient client = new HttpJsonProtocol().open(options)) {
        assertThat(client.describe().contains("gzip")).isEqualTo(options.compresses());
        assertThat(client.echo(COMPRESSIBLE)).isEqualTo(COMPRESSIBLE);
        long down = proxy.replyBytes();
        for (int i = 0; i < CALLS; i++) {
          assertThat(client.echo(COMPRESSIBLE)).isEqualTo(COMPRESSIBLE);
        }
        return proxy.replyBytes() - down;
      }
    }
  }
}
