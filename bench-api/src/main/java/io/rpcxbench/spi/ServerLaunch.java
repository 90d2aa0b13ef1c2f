package io.rpcxbench.spi;

import java.util.List;

/**
 * How host B starts a protocol's server: {@code java -jar JAR --bind ADDR --port PORT ARGS...}.
 * Scripts read it from the catalog ({@code client-harness.jar --list-protocols}); protocols that
 * share a server name the same jar, arguments and default port, and it is started once.
 *
 * @param jar the fat jar's path relative to the repository root, e.g. {@code
 *     server-grpc/target/server-grpc.jar}
 * @param args extra arguments after {@code --port}, e.g. {@code --direct-executor}
 * @param external an external server the protocol needs as well (a broker such as {@code
 *     rabbitmq}), or empty
 */
public record ServerLaunch(String jar, List<String> args, String external) {
  public ServerLaunch {
    args = List.copyOf(args);
  }

  /** A server jar with no extra arguments and nothing external. */
  public static ServerLaunch jar(String jar) {
    return new ServerLaunch(jar, List.of(), "");
  }

  /** The same server with extra arguments. */
  public ServerLaunch withArgs(String... extra) {
    return new ServerLaunch(jar, List.of(extra), external);
  }
}
