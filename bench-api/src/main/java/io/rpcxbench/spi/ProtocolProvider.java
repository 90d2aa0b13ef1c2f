package io.rpcxbench.spi;

/**
 * A protocol the harness can drive: the unit of extension. Each protocol's folder holds one (or one
 * per variant, e.g. {@code grpc} and {@code grpc-tuned}); the harness finds them with {@link
 * java.util.ServiceLoader} (list the class in {@code
 * META-INF/services/io.rpcxbench.spi.ProtocolProvider}) and names none of them itself. {@code
 * --protocol ID} selects one, {@code --port ID=PORT} sets its port, its results go to {@code
 * <out>/ID/t<T>-r<R>.csv} with {@link #type()} in the type column, and {@code --list-protocols}
 * prints the catalog that every script reads.
 *
 * <pre>{@code
 * public final class TcpProtobufProtocol implements ProtocolProvider {
 *   public String id() { return "tcp-protobuf"; }
 *   public String label() { return "raw TCP + Protobuf"; }
 *   public int type() { return 8; }
 *   public int defaultPort() { return 8087; }
 *   public ServerLaunch server() {
 *     return ServerLaunch.jar("protocols/tcp-protobuf/target/tcp-protobuf-server.jar");
 *   }
 *   public BenchClient open(ClientOptions options) { return TcpProtobufClient.connect(options); }
 * }
 * }</pre>
 *
 * <p>Implementations need a public no-argument constructor.
 */
public interface ProtocolProvider {
  /** Lower-case name for {@code --protocol} and the result folder: {@code [a-z][a-z0-9-]*}. */
  String id();

  /** Human name for tables and charts, e.g. {@code "gRPC, direct executor"}. */
  String label();

  /**
   * Stable number for the raw files' {@code type} column, unique in the catalog. 1-3 are the
   * paper's (RPCX, gRPC, OpenFeign); docs/protocols.md lists the others.
   */
  int type();

  /** The port used when {@code --port ID=PORT} is not given; the server's default too. */
  int defaultPort();

  /** How host B starts this protocol's server. */
  ServerLaunch server();

  /**
   * Builds the client the way the protocol's users would, once per protocol JVM, before any timed
   * run. It may connect lazily; the harness probes the server with one call right after.
   *
   * @throws RuntimeException when the client cannot be built; the harness prints its message
   */
  BenchClient open(ClientOptions options);

  /**
   * Whether the client balances calls across several servers ({@link ClientOptions#servers()}),
   * e.g. round-robin with failover. The harness refuses {@code --host} with several servers for a
   * protocol that does not.
   */
  default boolean balancesServers() {
    return false;
  }

  /**
   * Whether the client and server of this protocol speak TLS through their stack's own TLS: the
   * client honours {@link ClientOptions#tlsSettings()} and the server takes the kit's {@code
   * --tls-cert}/{@code --tls-key}/{@code --tls-client-ca}. The harness and the catalog refuse
   * {@code --tls} with one line for a protocol that does not. Default: no.
   */
  default boolean supportsTls() {
    return false;
  }

  /**
   * Whether the protocol carries a user's own message ({@code --call message --message
   * FILE.proto:Name}): a provider that does implements {@code io.rpcxbench.message.MessageCarrier}
   * (message-shape), which answers yes; one that cannot says why here, and the harness skips it
   * with that reason. Default: {@link MessageSupport#NO_CARRIER}.
   */
  default MessageSupport messages() {
    return MessageSupport.notCarried(MessageSupport.NO_CARRIER);
  }

  /**
   * The message compressions its stack offers and its client and server honour, e.g. {@code
   * List.of("gzip")}: the client compresses its requests when {@link ClientOptions#compression()}
   * names one, and the server answers in kind. The harness refuses {@code --compression} with one
   * line (exit 2) for a protocol that does not list it. Default: none.
   */
  default java.util.List<String> compressions() {
    return java.util.List.of();
  }

  /**
   * The libraries under test on both ends with their versions, for the provenance's {@code stack},
   * e.g. {@code "grpc-api 1.83.1, grpc-netty-shaded 1.83.1, protobuf-java 4.36.2"}. Read them from
   * the build with {@link StackVersions}, never from a table kept by hand. Default: none named.
   */
  default String stack() {
    return "";
  }
}
