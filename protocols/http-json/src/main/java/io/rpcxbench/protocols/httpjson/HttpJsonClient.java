package io.rpcxbench.protocols.httpjson;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.rpcxbench.api.BenchContract;
import io.rpcxbench.api.Item;
import io.rpcxbench.server.openfeign.json.EchoBody;
import io.rpcxbench.server.openfeign.json.HelloBody;
import io.rpcxbench.server.openfeign.json.ItemsBody;
import io.rpcxbench.server.openfeign.json.PutBody;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.tls.TlsContexts;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The four calls as plain HTTP/1.1 POSTs with JSON bodies: one JDK {@link HttpClient} forced to
 * HTTP/1.1 (its default would try an h2c upgrade), keep-alive, Jackson configured as Spring Boot's
 * default {@code ObjectMapper} for what these bodies use.
 *
 * <p>Connections and threads for 64 callers: the JDK client keeps an unbounded pool of idle
 * keep-alive connections, so 64 threads calling {@code send} end up with (at most) 64 connections,
 * one per request in flight, reused call after call - the same shape as Feign's default client
 * (HttpURLConnection's keep-alive cache). Its default executor (a cached thread pool) only
 * completes futures; a fixed executor would add a bound we do not want to measure, and a direct
 * executor runs completion work on the client's single selector thread.
 *
 * <p>With {@code --tls}: {@code https://}, the client's {@code SSLContext} from the PEM files (the
 * JDK client checks the host name itself); the session is read from the first reply, a failed
 * handshake is one line in the {@link HttpCallException}.
 */
final class HttpJsonClient implements BenchClient {
  /** Spring Boot's Jackson2ObjectMapperBuilder defaults that matter for these bodies. */
  static final ObjectMapper JSON =
      JsonMapper.builder()
          .disable(MapperFeature.DEFAULT_VIEW_INCLUSION)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  private final HttpClient http;
  private final String base;
  private final Duration callTimeout;
  private final boolean gzip;
  private final String description;
  private volatile String session;

  private HttpJsonClient(
      HttpClient http, String base, Duration callTimeout, String description, boolean gzip) {
    this.gzip = gzip;
    this.http = http;
    this.base = base;
    this.callTimeout = callTimeout;
    this.description = description;
  }

  static HttpJsonClient open(ClientOptions options) {
    ClientTls tls = options.tlsSettings().orElse(null);
    HttpClient.Builder builder =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(options.connectTimeout());
    if (tls != null) {
      builder.sslContext(TlsContexts.client(tls.ca(), tls.cert(), tls.key()));
    }
    HttpClient http = builder.build();
    String description =
        "JDK "
            + Runtime.version().feature()
            + " java.net.http.HttpClient, HTTP/1.1 keep-alive,"
            + " default executor and connection pool, Jackson "
            + com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION
            + ", connectTimeout "
            + options.connectTimeout()
            + ", callTimeout "
            + options.callTimeout()
            + (tls == null ? "" : ", HTTPS (" + tls.mode() + ", JDK SSLContext)")
            + (options.compresses()
                ? ", gzip replies (Accept-Encoding: gzip; the server compresses when started with"
                    + " --server.compression.enabled=true)"
                : "");
    String scheme = tls == null ? "http://" : "https://";
    return new HttpJsonClient(
        http,
        scheme + options.target() + "/",
        options.callTimeout(),
        description,
        options.compresses());
  }

  @Override
  public String hello(String name) {
    return post(BenchContract.HELLO, new HelloBody.Request(name), HelloBody.Reply.class).message();
  }

  @Override
  public byte[] echo(byte[] payload) {
    return post(BenchContract.ECHO, new EchoBody(payload), EchoBody.class).payload();
  }

  @Override
  public boolean put(String key, byte[] value) {
    return post(BenchContract.PUT, new PutBody.Request(key, value), PutBody.Reply.class).ok();
  }

  @Override
  public List<Item> items(int n) {
    return post(BenchContract.ITEMS, new ItemsBody.Request(n), ItemsBody.Reply.class).items();
  }

  private <T> T post(String call, Object body, Class<T> replyType) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(base + call))
            .timeout(callTimeout)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json");
    if (gzip) {
      builder.header("Accept-Encoding", GzipReplies.ACCEPT);
    }
    HttpRequest request = builder.POST(HttpRequest.BodyPublishers.ofByteArray(write(body))).build();
    HttpResponse<byte[]> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      String tlsFailure = TlsContexts.handshakeFailure(e).orElse(null);
      throw new HttpCallException(
          "POST /" + call + ": " + (tlsFailure != null ? tlsFailure : e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new HttpCallException("POST /" + call + ": interrupted", e);
    }
    if (session == null) {
      response.sslSession().ifPresent(s -> session = TlsContexts.describe(s));
    }
    byte[] reply;
    try {
      reply = gzip ? GzipReplies.body(response) : response.body();
    } catch (IOException e) {
      throw new HttpCallException(
          "POST /" + call + ": unreadable gzip reply: " + e.getMessage(), e);
    }
    if (response.statusCode() / 100 != 2) {
      throw new HttpCallException(
          "POST /" + call + ": HTTP " + response.statusCode() + ": " + detail(reply),
          response.statusCode());
    }
    try {
      return JSON.readValue(reply, replyType);
    } catch (IOException e) {
      throw new HttpCallException("POST /" + call + ": unreadable reply: " + e.getMessage(), e);
    }
  }

  static byte[] write(Object body) {
    try {
      return JSON.writeValueAsBytes(body);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** The problem's detail (RFC 9457), else the body's first 200 characters. */
  static String detail(byte[] body) {
    try {
      JsonNode detail = JSON.readTree(body).path("detail");
      if (detail.isTextual()) {
        return detail.asText();
      }
    } catch (IOException notJson) {
      // fall through: show the raw text
    }
    String text = new String(body, java.nio.charset.StandardCharsets.UTF_8);
    return text.length() > 200 ? text.substring(0, 200) + "..." : text;
  }

  @Override
  public Optional<String> tlsSession() {
    return Optional.ofNullable(session);
  }

  @Override
  public String describe() {
    return description;
  }

  /**
   * Nothing to release on JDK 17 (HttpClient has no close before JDK 21); idle connections time
   * out.
   */
  @Override
  public void close() {}
}
