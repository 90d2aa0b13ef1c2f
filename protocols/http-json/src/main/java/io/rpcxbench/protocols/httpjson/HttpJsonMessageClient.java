package io.rpcxbench.protocols.httpjson;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.tls.TlsContexts;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * HTTP/1.1 + JSON's client for a user's message: the record printed in protobuf's JSON mapping by
 * protobuf's own {@link JsonFormat} (the canonical JSON form of a {@code .proto} type; Jackson has
 * no schema for a type known only at run time), POSTed to {@code /message/{echo|ack|small}} with
 * the JDK {@link HttpClient} built as the bench client's, the reply parsed back the same way.
 */
final class HttpJsonMessageClient implements MessageClient {
  private static final JsonFormat.Printer PRINTER =
      JsonFormat.printer().omittingInsignificantWhitespace();
  private static final JsonFormat.Parser PARSER = JsonFormat.parser();

  private final HttpClient http;
  private final String base;
  private final Duration callTimeout;
  private final Descriptor type;

  private final String tlsMode;

  private HttpJsonMessageClient(
      HttpClient http, String base, Duration callTimeout, Descriptor type, String tlsMode) {
    this.tlsMode = tlsMode;
    this.http = http;
    this.base = base;
    this.callTimeout = callTimeout;
    this.type = type;
  }

  static HttpJsonMessageClient open(ClientOptions options, Descriptor type) {
    ClientTls tls = options.tlsSettings().orElse(null);
    HttpClient.Builder builder =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(options.connectTimeout());
    if (tls != null) {
      builder.sslContext(TlsContexts.client(tls.ca(), tls.cert(), tls.key()));
    }
    String scheme = tls == null ? "http://" : "https://";
    return new HttpJsonMessageClient(
        builder.build(),
        scheme + options.target() + "/message/",
        options.callTimeout(),
        type,
        tls == null ? "" : ", HTTPS (" + tls.mode() + ", JDK SSLContext)");
  }

  @Override
  public Message call(Message record, MessageReply reply) {
    String body;
    try {
      body = PRINTER.print(record);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("cannot print " + type.getFullName() + ": " + e, e);
    }
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(base + reply.id()))
            .timeout(callTimeout)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
            .build();
    HttpResponse<String> response;
    try {
      response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new HttpCallException(request.uri() + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new HttpCallException(request.uri() + ": interrupted", e);
    }
    if (response.statusCode() != 200) {
      throw new HttpCallException(
          "HTTP "
              + response.statusCode()
              + " from "
              + request.uri()
              + ": "
              + first(response.body()),
          null);
    }
    DynamicMessage.Builder answer = DynamicMessage.newBuilder(reply.replyType(type));
    try {
      PARSER.merge(response.body(), answer);
    } catch (InvalidProtocolBufferException e) {
      throw new HttpCallException("reply is not " + reply.replyType(type).getFullName(), e);
    }
    return answer.build();
  }

  @Override
  public String describe() {
    return "JDK java.net.http.HttpClient, HTTP/1.1 keep-alive"
        + tlsMode
        + ", protobuf JsonFormat of "
        + type.getFullName()
        + " to POST /message/{echo|ack|small}";
  }

  @Override
  public void close() {
    // the JDK client's connections close with it when it is collected (JDK 17 has no close)
  }

  private static String first(String body) {
    String line = body == null ? "" : body.strip();
    return line.length() > 200 ? line.substring(0, 200) + "..." : line;
  }
}
