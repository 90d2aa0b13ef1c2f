package io.rpcxbench.protocols.javaser;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.Item;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.tls.TlsContexts;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The four calls as HTTP/1.1 POSTs with Java-serialized bodies: one JDK {@link HttpClient} forced
 * to HTTP/1.1, keep-alive (its unbounded idle pool: up to one connection per calling thread),
 * default executor; replies deserialized only through the reply allow-list.
 */
final class JavaserClient implements BenchClient {
  private final HttpClient http;
  private final String base;
  private final Duration callTimeout;
  private final String description;
  private volatile String session;

  private JavaserClient(HttpClient http, String base, Duration callTimeout, String description) {
    this.http = http;
    this.base = base;
    this.callTimeout = callTimeout;
    this.description = description;
  }

  static JavaserClient open(ClientOptions options) {
    ClientTls tls = options.tlsSettings().orElse(null);
    HttpClient.Builder builder =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(options.connectTimeout());
    if (tls != null) {
      builder.sslContext(TlsContexts.client(tls.ca(), tls.cert(), tls.key()));
    }
    return new JavaserClient(
        builder.build(),
        (tls == null ? "http://" : "https://") + options.target() + "/",
        options.callTimeout(),
        "JDK "
            + Runtime.version().feature()
            + " java.net.http.HttpClient, HTTP/1.1 keep-alive,"
            + " default executor and connection pool, java.io serialization with JEP 290"
            + " allow-lists, one resend when a kept-alive connection ends before the reply,"
            + " connectTimeout "
            + options.connectTimeout()
            + ", callTimeout "
            + options.callTimeout()
            + (tls == null ? "" : ", HTTPS (" + tls.mode() + ", JDK SSLContext)"));
  }

  @Override
  public String hello(String name) {
    return post(BenchContract.HELLO, new Wire.HelloRequest(name), Wire.HelloReply.class).message();
  }

  @Override
  public byte[] echo(byte[] payload) {
    return post(BenchContract.ECHO, new Wire.EchoRequest(payload), Wire.EchoReply.class).payload();
  }

  @Override
  public boolean put(String key, byte[] value) {
    return post(BenchContract.PUT, new Wire.PutRequest(key, value), Wire.PutReply.class).ok();
  }

  @Override
  public List<Item> items(int n) {
    return post(BenchContract.ITEMS, new Wire.ItemsRequest(n), Wire.ItemsReply.class).toItems();
  }

  /** A user's message's bytes to POST /message; the answer's bytes (JavaserMessageClient). */
  byte[] message(String reply, byte[] body) {
    return post(Wire.MESSAGE_PATH, new Wire.MessageRequest(reply, body), Wire.MessageAnswer.class)
        .body();
  }

  private <T> T post(String call, Object body, Class<T> replyType) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(base + call))
            .timeout(callTimeout)
            .header("Content-Type", WireCodec.CONTENT_TYPE)
            .POST(HttpRequest.BodyPublishers.ofByteArray(serialize(body)))
            .build();
    HttpResponse<byte[]> response;
    try {
      response = send(request);
    } catch (IOException e) {
      String tlsFailure = TlsContexts.handshakeFailure(e).orElse(null);
      throw new JavaserCallException(
          "POST /" + call + ": " + (tlsFailure != null ? tlsFailure : e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JavaserCallException("POST /" + call + ": interrupted", e);
    }
    if (session == null) {
      response.sslSession().ifPresent(s -> session = TlsContexts.describe(s));
    }
    if (response.statusCode() / 100 != 2) {
      throw new JavaserCallException(
          "POST /"
              + call
              + ": HTTP "
              + response.statusCode()
              + ": "
              + new String(response.body(), StandardCharsets.UTF_8),
          response.statusCode());
    }
    try {
      return WireCodec.read(
          new ByteArrayInputStream(response.body()), WireFilters.replies(), replyType);
    } catch (WireCodec.RejectedException e) {
      throw new JavaserCallException("POST /" + call + ": reply refused: " + e.getMessage(), 0);
    }
  }

  /**
   * Sends once more when a kept-alive connection ended before any byte of the reply: the JDK
   * retries that itself only for idempotent methods, and every call of the contract is idempotent
   * (a put overwrites its key with the same value) though it is a POST. A second such end fails.
   */
  private HttpResponse<byte[]> send(HttpRequest request) throws IOException, InterruptedException {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      if (!endedBeforeReply(e)) {
        throw e;
      }
      return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    }
  }

  /** The JDK's words for a connection that closed before the reply's first byte. */
  static boolean endedBeforeReply(IOException e) {
    return String.valueOf(e.getMessage()).contains("header parser received no bytes");
  }

  static byte[] serialize(Object body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      WireCodec.write(body, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public Optional<String> tlsSession() {
    return Optional.ofNullable(session);
  }

  /** Nothing to release on JDK 17 (HttpClient has no close before JDK 21). */
  @Override
  public void close() {}
}
