package io.rpcxbench.spi;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What the harness tells a protocol's client: where its server is and how long a call and a connect
 * may take. One per protocol JVM; values are already validated.
 *
 * <p>Most clients use {@link #host()} and {@link #port()}. A client that balances its calls across
 * several servers ({@link ProtocolProvider#balancesServers()}) uses {@link #servers()}: {@code
 * --host a:9001,b:9002} lists them; host and port are then the first of them.
 *
 * @param host server host name or address literal
 * @param port server port: {@code --port ID=PORT}, else the provider's {@link
 *     ProtocolProvider#defaultPort()}
 * @param callTimeout per-call deadline ({@code --timeout})
 * @param connectTimeout connect deadline: min(callTimeout, 5 s)
 * @param threads load threads that will share the client ({@code --threads})
 * @param servers every server the client may use, unresolved, in {@code --host} order; the first is
 *     {@code host:port}
 * @param tls the client's TLS settings ({@code --tls}); null: plaintext. Only a protocol whose
 *     {@link ProtocolProvider#supportsTls()} is true is given any; read it with {@link
 *     #tlsSettings()}
 * @param compression the message compression the client asks for ({@code --compression}): {@link
 *     #NO_COMPRESSION} or one of the provider's {@link ProtocolProvider#compressions()}, e.g.
 *     {@code "gzip"}
 */
public record ClientOptions(
    String host,
    int port,
    Duration callTimeout,
    Duration connectTimeout,
    int threads,
    List<InetSocketAddress> servers,
    ClientTls tls,
    String compression) {

  /** No message compression: the default. */
  public static final String NO_COMPRESSION = "none";

  public ClientOptions {
    servers = List.copyOf(servers);
    if (servers.isEmpty()) {
      throw new IllegalArgumentException("servers: at least one");
    }
    if (compression == null) {
      compression = NO_COMPRESSION;
    }
  }

  /** Several servers, maybe TLS, no compression. */
  public ClientOptions(
      String host,
      int port,
      Duration callTimeout,
      Duration connectTimeout,
      int threads,
      List<InetSocketAddress> servers,
      ClientTls tls) {
    this(host, port, callTimeout, connectTimeout, threads, servers, tls, NO_COMPRESSION);
  }

  /** Several servers, plaintext. */
  public ClientOptions(
      String host,
      int port,
      Duration callTimeout,
      Duration connectTimeout,
      int threads,
      List<InetSocketAddress> servers) {
    this(host, port, callTimeout, connectTimeout, threads, servers, null);
  }

  /** One server. */
  public ClientOptions(
      String host, int port, Duration callTimeout, Duration connectTimeout, int threads) {
    this(
        host,
        port,
        callTimeout,
        connectTimeout,
        threads,
        List.of(InetSocketAddress.createUnresolved(host, port)));
  }

  /** The same options with these TLS settings (null: plaintext). */
  public ClientOptions withTls(ClientTls tls) {
    return new ClientOptions(
        host, port, callTimeout, connectTimeout, threads, servers, tls, compression);
  }

  /** The same options asking for this compression ({@link #NO_COMPRESSION}: none). */
  public ClientOptions withCompression(String compression) {
    return new ClientOptions(
        host, port, callTimeout, connectTimeout, threads, servers, tls, compression);
  }

  /** Whether the client compresses its messages ({@link #compression()} is not "none"). */
  public boolean compresses() {
    return !NO_COMPRESSION.equals(compression);
  }

  /** The TLS settings, empty for plaintext. */
  public Optional<ClientTls> tlsSettings() {
    return Optional.ofNullable(tls);
  }

  /** {@code host:port} ({@code [v6]:port} for IPv6 literals), as the harness prints it. */
  public String target() {
    return target(host, port);
  }

  /** Every server as {@code host:port}, comma-separated. */
  public String targets() {
    return servers.stream()
        .map(s -> target(s.getHostString(), s.getPort()))
        .collect(Collectors.joining(","));
  }

  private static String target(String host, int port) {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
