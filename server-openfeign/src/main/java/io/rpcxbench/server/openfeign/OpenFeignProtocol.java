package io.rpcxbench.server.openfeign;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/** The paper's Spring Cloud OpenFeign (type 3) as a harness protocol. */
public final class OpenFeignProtocol implements MessageCarrier {
  static final String ID = "openfeign";
  static final int PORT = 8083;

  /** The executable Spring Boot jar; http-json's server too. */
  public static final String SERVER_JAR = "server-openfeign/target/server-openfeign.jar";

  /** The chain gateway's jar: the same server with the OpenFeign client's libraries. */
  public static final String GATEWAY_JAR = "server-openfeign/target/server-openfeign-gateway.jar";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "Spring Cloud OpenFeign";
  }

  @Override
  public int type() {
    return 3;
  }

  @Override
  public int defaultPort() {
    return PORT;
  }

  @Override
  public ServerLaunch server() {
    // the lean server jar holds no Feign; a chain's gateway runs from the jar that keeps it
    return ServerLaunch.jar(SERVER_JAR).withGatewayJar(GATEWAY_JAR);
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return OpenFeignBenchClient.open(options);
  }

  /** A user's message as JSON through the same Feign client (OpenFeignMessageClient). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return OpenFeignMessageClient.open(options, FeignHttp.DEFAULT, type);
  }

  @Override
  public MessageCodec codec() {
    return MessageCodec.PROTOBUF_JSON;
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return StackVersions.of("server-openfeign")
        .describe(
            "spring-boot",
            "spring-cloud-openfeign-core",
            "feign-core",
            "tomcat-embed-core",
            "jackson-databind");
  }

  /** HTTPS: Feign's default client ({@code HttpsURLConnection}) against Tomcat's TLS. */
  @Override
  public boolean supportsTls() {
    return true;
  }

  /**
   * HTTP gzip both ways: Spring Cloud OpenFeign's request and response compression on the client
   * ({@link FeignGzip}), the server inflating a gzip request and answering it in kind ({@link
   * GzipInKind}).
   */
  @Override
  public java.util.List<String> compressions() {
    return java.util.List.of("gzip");
  }
}
