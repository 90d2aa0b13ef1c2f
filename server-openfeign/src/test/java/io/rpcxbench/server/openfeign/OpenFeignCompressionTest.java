package io.rpcxbench.server.openfeign;

import static io.rpcxbench.testsupport.CompressionContract.COMPRESSIBLE;
import static io.rpcxbench.testsupport.CompressionContract.assertShrinks;
import static io.rpcxbench.testsupport.CompressionContract.options;
import static io.rpcxbench.testsupport.CompressionContract.wireBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import feign.FeignException;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --compression gzip} for openfeign and openfeign-tuned against the one server jar: Spring
 * Cloud OpenFeign gzips every request, the server inflates it and answers in kind, so a
 * compressible payload crosses the wire smaller both ways; a plain client (openfeign-tuned's
 * HttpClient 5 asks for gzip replies all the same) gets plain replies; a gzip bomb is refused with
 * one status and the server serves on.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OpenFeignCompressionTest {
  private RunningServer server;

  @BeforeAll
  void start() {
    server =
        OpenFeignServerMain.start(
            "127.0.0.1",
            0,
            List.of(OpenFeignTunedProtocol.KEEP_ALIVE_UNLIMITED),
            ServerLimits.defaults());
  }

  @AfterAll
  void stop() throws Exception {
    server.close();
  }

  static Stream<ProtocolProvider> providers() {
    return Stream.of(new OpenFeignProtocol(), new OpenFeignTunedProtocol());
  }

  @ParameterizedTest
  @MethodSource("providers")
  void theCatalogOffersGzip(ProtocolProvider provider) {
    assertThat(provider.compressions()).containsExactly("gzip");
  }

  @ParameterizedTest
  @MethodSource("providers")
  void gzipShrinksACompressiblePayloadBothWays(ProtocolProvider provider) throws Exception {
    // base64 in JSON: a plain echo carries 4/3 of the payload each way
    assertShrinks(
        wireBytes(provider, server.port(), ClientOptions.NO_COMPRESSION, "gzip"),
        wireBytes(provider, server.port(), "gzip", "gzip"));
  }

  @ParameterizedTest
  @MethodSource("providers")
  void everyCallStillAnswersWithGzip(ProtocolProvider provider) throws Exception {
    try (BenchClient client = provider.open(options(server.port(), "gzip"))) {
      assertThat(client.describe()).contains("gzip both ways");
      assertThat(client.hello("world")).isEqualTo("hello, world");
      assertThat(client.echo(new byte[0])).isEmpty();
      assertThat(client.echo(COMPRESSIBLE)).isEqualTo(COMPRESSIBLE);
      assertThat(client.put("k", COMPRESSIBLE)).isTrue();
      assertThat(client.items(1000)).hasSize(1000);
      // a refusal's problem+json crosses compressed too, and reads back
      assertThatThrownBy(() -> ((OpenFeignBenchClient) client).message("echo", "{}"))
          .isInstanceOf(FeignException.UnprocessableEntity.class)
          .hasMessageContaining("started without --message");
    }
  }

  @Test
  void aGzipBombIsRefusedWith413AndTheServerServesOn() throws Exception {
    // 64 MiB of zeros in ~64 KiB of gzip: far past the server's inflated bound
    byte[] bomb = gzip(new byte[64 * 1024 * 1024]);
    assertThat(bomb.length).isLessThan((int) RequestBodyLimit.MAX_BODY);
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    HttpResponse<String> refused =
        http.send(post("echo", bomb), HttpResponse.BodyHandlers.ofString());
    assertThat(refused.statusCode()).isEqualTo(413);
    assertThat(refused.body()).contains("inflates to over " + RequestBodyLimit.MAX_BODY + " bytes");

    HttpResponse<String> notGzip =
        http.send(post("echo", "not gzip".getBytes()), HttpResponse.BodyHandlers.ofString());
    assertThat(notGzip.statusCode()).isEqualTo(400);
    assertThat(notGzip.body()).contains("request body is not gzip");

    // an honest gzip request on the same HTTP client, and a Feign client, are served
    String echo = "{\"payload\":\"" + Base64.getEncoder().encodeToString(COMPRESSIBLE) + "\"}";
    HttpResponse<String> served =
        http.send(
            post("echo", gzip(echo.getBytes(StandardCharsets.US_ASCII))),
            HttpResponse.BodyHandlers.ofString());
    assertThat(served.statusCode()).isEqualTo(200);
    assertThat(served.headers().firstValue("Content-Encoding")).isEmpty(); // not asked for
    assertThat(served.body()).isEqualTo(echo);
    try (BenchClient client = new OpenFeignTunedProtocol().open(options(server.port(), "gzip"))) {
      assertThat(client.echo(COMPRESSIBLE)).isEqualTo(COMPRESSIBLE);
    }
  }

  /**
   * Issue 48: RFC 9110's 415 for a coding the server cannot undo, not the body read as identity.
   */
  @Test
  void anUnsupportedContentEncodingIs415() throws Exception {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    for (String coding : new String[] {"br", "deflate", "gzip, br"}) {
      HttpResponse<String> refused =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/hello"))
                  .header("Content-Type", "application/json")
                  .header("Content-Encoding", coding)
                  .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"x\"}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(refused.statusCode()).as(coding).isEqualTo(415);
      assertThat(refused.headers().firstValue("Accept-Encoding")).contains("gzip");
      assertThat(refused.body()).contains("Content-Encoding");
    }
    HttpResponse<String> identity =
        http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/hello"))
                .header("Content-Type", "application/json")
                .header("Content-Encoding", "identity")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"x\"}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(identity.statusCode()).isEqualTo(200);
  }

  private HttpRequest post(String path, byte[] body) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/" + path))
        .header("Content-Type", "application/json")
        .header("Content-Encoding", "gzip")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
        .build();
  }

  private static byte[] gzip(byte[] plain) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(plain);
    }
    return out.toByteArray();
  }
}
