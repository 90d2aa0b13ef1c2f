package io.rpcxbench.protocols.httpjson;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.MessageSupport;
import io.rpcxbench.spi.ServerLaunch;
import io.rpcxbench.spi.StackVersions;

/**
 * The Tomcat server of {@code http-json} (the same jar, the same port and JSON) driven by a lean
 * load generator instead of the JDK HttpClient: Netty's HTTP/1.1 codec on one I/O thread with
 * keep-alive connections ({@link LeanHttpClient}). Where {@code http-json}'s client is the limit
 * (client-limited at ~185 µs of client CPU per call), this one shows the server's capacity; its
 * figures are a generator's, not a client library users would pick (issue 31).
 */
public final class HttpJsonLeanProtocol implements io.rpcxbench.spi.ProtocolProvider {
  @Override
  public String id() {
    return "http-json-lean";
  }

  @Override
  public String label() {
    return "HTTP/1.1 + JSON, lean Netty generator";
  }

  @Override
  public int type() {
    return 24;
  }

  @Override
  public int defaultPort() {
    return new HttpJsonProtocol().defaultPort();
  }

  @Override
  public ServerLaunch server() {
    return new HttpJsonProtocol().server();
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return LeanHttpClient.open(options);
  }

  @Override
  public String stack() {
    return StackVersions.of("http-json").describe("netty-codec-http", "jackson-databind")
        + ", server: "
        + StackVersions.of("server-openfeign").describe("spring-boot", "tomcat-embed-core");
  }

  /** HTTPS: Netty's SslHandler against Tomcat's TLS, from the kit's PEM files. */
  @Override
  public boolean supportsTls() {
    return true;
  }

  @Override
  public MessageSupport messages() {
    return MessageSupport.notCarried(
        "a load generator for the contract's calls; http-json carries a user's message");
  }
}
