package io.rpcxbench.testsupport;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.spi.ProtocolProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The control of {@link AttackRounds}: a fresh server started from the same jar with the same JVM
 * flags and arguments as the attacked one (its port 0), with an honest caller on it through the
 * protocol's plug-in, as the attacked server's.
 *
 * <pre>{@code
 * AttackRounds.run(honest, 0, attacks, FreshServer.control("thrift", args, dir.resolve("fresh.log")));
 * }</pre>
 */
public final class FreshServer implements AttackRounds.Fresh {
  private final ServerProcess server;
  private final BenchClient client;
  private final HonestCaller honest;

  private FreshServer(ServerProcess server, BenchClient client) {
    this.server = server;
    this.client = client;
    this.honest = HonestCaller.hellos(client);
  }

  /**
   * Starts, when asked, protocol {@code id}'s server with {@code javaArgs} (the attacked server's,
   * binding port 0), its log in {@code log}.
   */
  public static AttackRounds.Control control(String id, List<String> javaArgs, Path log) {
    return control(id, id, javaArgs, log);
  }

  /**
   * As {@link #control(String, List, Path)} for a protocol {@code id} whose jar is another's and
   * says so in its ready line ({@code amqp-qpid}: {@code amqp-server.jar --broker embedded}, ready
   * as {@code amqp}).
   */
  public static AttackRounds.Control control(
      String id, String jarId, List<String> javaArgs, Path log) {
    return control(id, jarId, javaArgs, log, null);
  }

  /**
   * As {@link #control(String, String, List, Path)} for a server started with TLS ({@code javaArgs}
   * carry its {@code --tls-cert}/{@code --tls-key}): its honest client speaks {@code tls}.
   */
  public static AttackRounds.Control control(
      String id, String jarId, List<String> javaArgs, Path log, ClientTls tls) {
    List<String> args = List.copyOf(javaArgs);
    return () -> {
      ProtocolProvider provider = ServerJarContract.provider(id);
      ServerProcess server = ServerJarContract.startReady(jarId, args, log);
      try {
        int port = server.awaitReadyPort();
        return new FreshServer(
            server,
            ServerJarContract.openOnColdServer(
                provider,
                withTls(
                    new ClientOptions(
                        "127.0.0.1", port, Duration.ofSeconds(2), Duration.ofSeconds(2), 1),
                    tls)));
      } catch (Exception | AssertionError e) {
        server.close();
        throw e;
      }
    };
  }

  /** The options with {@code tls}; null: as they are (plaintext). */
  static ClientOptions withTls(ClientOptions options, ClientTls tls) {
    return tls == null ? options : options.withTls(tls);
  }

  @Override
  public HonestCaller honest() {
    return honest;
  }

  @Override
  public void close() throws Exception {
    try (ServerProcess s = server;
        BenchClient c = client) {
      honest.close();
    }
  }
}
