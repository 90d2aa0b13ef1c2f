package io.rpcxbench.spi;

import java.time.Duration;

/**
 * What the harness tells a protocol's client: where its server is and how long a call and a connect
 * may take. One per protocol JVM; values are already validated.
 *
 * @param host server host name or address literal
 * @param port server port: {@code --port ID=PORT}, else the provider's {@link
 *     ProtocolProvider#defaultPort()}
 * @param callTimeout per-call deadline ({@code --timeout})
 * @param connectTimeout connect deadline: min(callTimeout, 5 s)
 * @param threads load threads that will share the client ({@code --threads})
 */
public record ClientOptions(
    String host, int port, Duration callTimeout, Duration connectTimeout, int threads) {

  /** {@code host:port} ({@code [v6]:port} for IPv6 literals), as the harness prints it. */
  public String target() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
