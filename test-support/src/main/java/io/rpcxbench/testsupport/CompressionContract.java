package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * What every protocol with {@code --compression CODEC} shows over real sockets: its catalog offers
 * the codec, a compressible payload crosses the wire in under a tenth of its plain bytes each way
 * (counted by a {@link ByteCountingProxy} in front of the server), and every call still answers. A
 * protocol's test extends it with how its server starts (once for the class); the static helpers
 * serve a test that cannot (one server, several providers).
 *
 * <pre>{@code
 * class ThriftCompressionTest extends CompressionContract {
 *   protected ProtocolProvider provider() { return new ThriftProtocol(); }
 *   protected RunningServer startServer() throws Exception { return ThriftServer.start("127.0.0.1", 0); }
 *   protected String codec() { return "zlib"; }
 * }
 * }</pre>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class CompressionContract {
  /** Half a megabyte of the same words: any codec shrinks it many times. */
  public static final byte[] COMPRESSIBLE =
      "the same words again and again; ".repeat(2048).getBytes(StandardCharsets.US_ASCII);

  /** The echo calls whose bytes are counted, after one that warms the connection. */
  public static final int CALLS = 5;

  private RunningServer server;

  /** The protocol under test. */
  protected abstract ProtocolProvider provider();

  /** Starts its server on 127.0.0.1, a free port; once for the class, closed after it. */
  protected abstract RunningServer startServer() throws Exception;

  @BeforeAll
  void startTheServer() throws Exception {
    server = startServer();
  }

  @AfterAll
  void stopTheServer() {
    if (server != null) {
      server.close();
    }
  }

  /** The running server's port on 127.0.0.1. */
  protected final int serverPort() {
    return server.port();
  }

  /** The codec its catalog offers ({@code gzip}, {@code zlib}). */
  protected abstract String codec();

  @Test
  void theCatalogOffersTheCodec() {
    assertThat(provider().compressions()).contains(codec());
  }

  @Test
  void theCodecShrinksACompressiblePayloadBothWays() throws Exception {
    assertShrinks(
        wireBytes(provider(), serverPort(), ClientOptions.NO_COMPRESSION, codec()),
        wireBytes(provider(), serverPort(), codec(), codec()));
  }

  @Test
  void everyCallStillAnswersCompressed() {
    try (BenchClient client = provider().open(options(serverPort(), codec()))) {
      assertThat(client.hello("world")).isEqualTo("hello, world");
      assertThat(client.echo(COMPRESSIBLE)).isEqualTo(COMPRESSIBLE);
      assertThat(client.put("k", COMPRESSIBLE)).isTrue();
      assertThat(client.items(3)).hasSize(3);
    }
  }

  /**
   * Request and reply bytes of {@link #CALLS} echo calls of {@link #COMPRESSIBLE} through a
   * counting proxy, after a warm-up call; the client's {@code describe()} names {@code codec}
   * exactly when it compresses.
   */
  public static long[] wireBytes(
      ProtocolProvider provider, int serverPort, String compression, String codec)
      throws Exception {
    try (ByteCountingProxy proxy = ByteCountingProxy.start(serverPort);
        BenchClient client = provider.open(options(proxy.port(), compression))) {
      assertThat(client.describe().contains(codec))
          .isEqualTo(!ClientOptions.NO_COMPRESSION.equals(compression));
      assertThat(client.echo(COMPRESSIBLE)).isEqualTo(COMPRESSIBLE);
      Thread.sleep(
          100); // the warm-up's stray frames (HTTP/2 WINDOW_UPDATE) counted before the span
      long up = proxy.requestBytes();
      long down = proxy.replyBytes();
      for (int i = 0; i < CALLS; i++) {
        assertThat(client.echo(COMPRESSIBLE)).isEqualTo(COMPRESSIBLE);
      }
      return new long[] {proxy.requestBytes() - up, proxy.replyBytes() - down};
    }
  }

  /** The plain bytes carried the payloads whole; the compressed ones are under a tenth of them. */
  public static void assertShrinks(long[] plain, long[] compressed) {
    assertThat(plain[0]).isGreaterThan((long) CALLS * COMPRESSIBLE.length);
    assertThat(plain[1]).isGreaterThan((long) CALLS * COMPRESSIBLE.length);
    assertThat(compressed[0]).isLessThan(plain[0] / 10);
    assertThat(compressed[1]).isLessThan(plain[1] / 10);
  }

  /** One connection to 127.0.0.1:{@code port} with {@code compression} (or none). */
  public static ClientOptions options(int port, String compression) {
    return new ClientOptions("127.0.0.1", port, Duration.ofSeconds(10), Duration.ofSeconds(5), 1)
        .withCompression(compression);
  }
}
