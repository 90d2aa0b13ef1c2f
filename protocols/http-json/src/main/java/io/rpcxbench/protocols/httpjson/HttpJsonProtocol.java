package io.rpcxbench.protocols.httpjson;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.server.openfeign.OpenFeignProtocol;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/**
 * Plain HTTP/1.1 + JSON (type 6): the JDK's HttpClient and Jackson against the same Spring Boot
 * server as {@code openfeign}, so that Feign's own cost shows apart from HTTP's.
 */
public final class HttpJsonProtocol implements MessageCarrier {
  @Override
  public String id() {
    return "http-json";
  }

  @Override
  public String label() {
    return "HTTP/1.1 + JSON";
  }

  @Override
  public int type() {
    return 6;
  }

  @Override
  public int defaultPort() {
    return new OpenFeignProtocol().defaultPort();
  }

  @Override
  public ServerLaunch server() {
    return new OpenFeignProtocol().server();
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return HttpJsonClient.open(options);
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return "java.net.http "
        + Runtime.version()
        + ", "
        + StackVersions.of("http-json").describe("jackson-databind")
        + ", server: "
        + StackVersions.of("server-openfeign").describe("spring-boot", "tomcat-embed-core");
  }

  /** HTTPS: the JDK HttpClient's TLS against Tomcat's, from the kit's PEM files. */
  @Override
  public boolean supportsTls() {
    return true;
  }

  /** A user's message in protobuf's JSON mapping (HttpJsonMessageClient, MessageController). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return HttpJsonMessageClient.open(options, type);
  }

  @Override
  public MessageCodec codec() {
    return MessageCodec.PROTOBUF_JSON;
  }

  /**
   * HTTP gzip for the replies: the client sends {@code Accept-Encoding: gzip} and inflates them;
   * Tomcat compresses them when the server is started with {@code
   * --server.compression.enabled=true} (Tomcat does not inflate request bodies, so requests go
   * uncompressed).
   */
  @Override
  public java.util.List<String> compressions() {
    return java.util.List.of("gzip");
  }
}
