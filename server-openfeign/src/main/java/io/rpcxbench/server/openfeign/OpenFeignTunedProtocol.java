package io.rpcxbench.server.openfeign;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.message.MessageClient;
import io.rpcxbench.message.MessageCodec;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/**
 * Spring Cloud OpenFeign at its documented best, beside {@code openfeign}'s defaults: the client on
 * Apache HttpClient 5 with a connection per load thread ({@link FeignHttp#POOLED_HC5}), and Tomcat
 * keeping a connection alive for any number of requests (its default closes one after 100). A
 * server of its own, on its own port.
 *
 * <p>Why it matters: Tomcat sends the JSON reply chunked, and {@code HttpURLConnection} can only
 * return a connection to its keep-alive cache if the last chunk has arrived when Feign closes the
 * body; when it has not, the connection is closed and the next call connects again.
 */
public final class OpenFeignTunedProtocol implements MessageCarrier {
  /** Tomcat's setting: -1, no limit on the requests of one keep-alive connection. */
  static final String KEEP_ALIVE_UNLIMITED = "--server.tomcat.max-keep-alive-requests=-1";

  @Override
  public String id() {
    return "openfeign-tuned";
  }

  @Override
  public String label() {
    return "Spring Cloud OpenFeign, pooled HttpClient 5";
  }

  @Override
  public int type() {
    return 22;
  }

  @Override
  public int defaultPort() {
    return 8098;
  }

  @Override
  public ServerLaunch server() {
    return new OpenFeignProtocol().server().withArgs(KEEP_ALIVE_UNLIMITED);
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return OpenFeignBenchClient.open(options, FeignHttp.POOLED_HC5);
  }

  /** A user's message as JSON through the same Feign client (OpenFeignMessageClient). */
  @Override
  public MessageClient openMessages(ClientOptions options, Descriptor type) {
    return OpenFeignMessageClient.open(options, FeignHttp.POOLED_HC5, type);
  }

  @Override
  public MessageCodec codec() {
    return MessageCodec.PROTOBUF_JSON;
  }

  /** The libraries under test, with the versions the build resolved. */
  @Override
  public String stack() {
    return new OpenFeignProtocol().stack()
        + ", "
        + StackVersions.of("server-openfeign").describe("feign-hc5", "httpclient5");
  }

  /** HTTPS: HttpClient 5's TLS strategy against Tomcat's TLS. */
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
