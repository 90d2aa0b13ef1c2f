package io.rpcxbench.protocols.httpjson;

import io.rpcxbench.server.openfeign.OpenFeignProtocol;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.spi.ServerLaunch;

/**
 * Plain HTTP/1.1 + JSON (type 6): the JDK's HttpClient and Jackson against the same Spring Boot
 * server as {@code openfeign}, so that Feign's own cost shows apart from HTTP's.
 */
public final class HttpJsonProtocol implements ProtocolProvider {
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
}
