package io.rpcxbench.spi;

import java.util.List;

/**
 * How host B starts a protocol's server: {@code java -jar JAR --bind ADDR --port PORT ARGS...}.
 * Scripts read it from the catalog ({@code client-harness.jar --list-protocols}); protocols that
 * share a server name the same jar, arguments and default port, and it is started once.
 *
 * <pre>{@code
 * ServerLaunch.jar("server-openfeign/target/server-openfeign.jar")
 *     .withGatewayJar("server-openfeign/target/server-openfeign-gateway.jar")
 * }</pre>
 *
 * @param jar the fat jar's path relative to the repository root, e.g. {@code
 *     server-grpc/target/server-grpc.jar}
 * @param args extra arguments after {@code --port}, e.g. {@code --direct-executor}
 * @param external an external server the protocol needs as well (a broker such as {@code
 *     rabbitmq}), or empty
 * @param gatewayJar the jar that runs the gateway of a microservice chain ({@code --chain-to},
 *     docs/load-models.md), for a server jar that leaves its protocol's client out; empty or null
 *     means the server jar itself
 */
public record ServerLaunch(String jar, List<String> args, String external, String gatewayJar) {
  public ServerLaunch {
    args = List.copyOf(args);
    gatewayJar = gatewayJar == null || gatewayJar.isEmpty() ? jar : gatewayJar;
  }

  /** A server whose jar is its own chain gateway. */
  public ServerLaunch(String jar, List<String> args, String external) {
    this(jar, args, external, jar);
  }

  /** A server jar with no extra arguments and nothing external. */
  public static ServerLaunch jar(String jar) {
    return new ServerLaunch(jar, List.of(), "");
  }

  /** The same server with extra arguments. */
  public ServerLaunch withArgs(String... extra) {
    return new ServerLaunch(jar, List.of(extra), external, gatewayJar);
  }

  /** The same server, whose chain gateway runs from another jar (one with the client in it). */
  public ServerLaunch withGatewayJar(String gateway) {
    return new ServerLaunch(jar, args, external, gateway);
  }
}
