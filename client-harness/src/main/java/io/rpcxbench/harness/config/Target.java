package io.rpcxbench.harness.config;

import io.rpcxbench.harness.protocol.Protocol;
import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which servers a point calls, how long a call may take and whether over TLS: {@code --protocol},
 * {@code --host}, {@code --port}, {@code --timeout}, {@code --tls-ca}, {@code --tls-cert}, {@code
 * --tls-key} ({@link TargetOptions}). Part of {@link RunConfig}.
 *
 * <pre>{@code
 * Target t = new Target(List.of(Protocol.parse("rpcx")), "198.18.0.2", Map.of(), Duration.ofSeconds(30));
 * t.port(Protocol.parse("rpcx"));   // 8081, the catalog's
 * t.connectTimeout();               // PT5S: min(timeout, 5s)
 * }</pre>
 *
 * @param protocols the protocols to run, in this order
 * @param host one server host, or several {@code H[:PORT]} for a client that balances ({@link
 *     HostList})
 * @param ports ports by protocol id that replace the catalog's
 * @param timeout the per-call deadline
 * @param tls the client's TLS files (docs/tls.md); null: plaintext
 * @param compression the message compression ({@code --compression}, {@link CompressionOptions}):
 *     {@code none} or one the protocols' stacks offer
 */
public record Target(
    List<Protocol> protocols,
    String host,
    Map<String, Integer> ports,
    Duration timeout,
    ClientTls tls,
    String compression) {
  // Defaults, as picocli wants them (strings); the only place they are written down.
  public static final String DEFAULT_HOST = "127.0.0.1";
  static final String DEFAULT_TIMEOUT = "30s";

  /** Connect timeout is min(timeout, this). */
  public static final Duration MAX_CONNECT_TIMEOUT = Duration.ofSeconds(5);

  public Target {
    protocols = List.copyOf(protocols);
    ports = Collections.unmodifiableMap(new TreeMap<>(ports));
    if (compression == null) {
      compression = ClientOptions.NO_COMPRESSION;
    }
  }

  /** Maybe TLS, no compression. */
  public Target(
      List<Protocol> protocols,
      String host,
      Map<String, Integer> ports,
      Duration timeout,
      ClientTls tls) {
    this(protocols, host, ports, timeout, tls, ClientOptions.NO_COMPRESSION);
  }

  /** The same target with this compression. */
  public Target withCompression(String compression) {
    return new Target(protocols, host, ports, timeout, tls, compression);
  }

  /** Plaintext. */
  public Target(
      List<Protocol> protocols, String host, Map<String, Integer> ports, Duration timeout) {
    this(protocols, host, ports, timeout, null);
  }

  /** Checks the values; the message names the option and the bad value. */
  void validate() {
    if (protocols.isEmpty()) {
      throw new IllegalArgumentException("--protocol: name at least one protocol");
    }
    if (protocols.stream().distinct().count() != protocols.size()) {
      throw new IllegalArgumentException(
          "--protocol: a protocol is named twice: " + protocolList());
    }
    ports.forEach(Target::namedPort);
    for (Protocol p : protocols) {
      port(p + "'s default port", port(p));
    }
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("--timeout must be positive, got " + timeout);
    }
    if (tls != null) {
      validateTls();
    }
    CompressionOptions.validate(compression, protocols);
    HostList hosts = HostList.parse(host);
    for (Protocol p : protocols) {
      if (hosts.size() > 1 && !p.balancesServers()) {
        throw new IllegalArgumentException(
            "--host "
                + host
                + ": protocol "
                + p
                + " takes one server host; only protocols whose client balances across servers"
                + " take several");
      }
    }
  }

  /**
   * The TLS files can be read (checked before a point runs, not when a runner plans it: it makes
   * them when its servers start).
   */
  public void checkTlsFiles() {
    if (tls == null) {
      return;
    }
    readable("--tls-ca", tls.ca());
    if (tls.cert() != null) {
      readable("--tls-cert", tls.cert());
      readable("--tls-key", tls.key());
    }
  }

  private void validateTls() {
    for (Protocol p : protocols) {
      if (!p.supportsTls()) {
        throw new IllegalArgumentException(
            "--tls-ca: protocol "
                + p
                + " has no TLS wired (docs/tls.md lists those that do); run it without --tls-ca");
      }
    }
  }

  private static void readable(String option, Path file) {
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new IllegalArgumentException(option + ": no readable file " + file);
    }
  }

  /** {@code off}, {@code tls} or {@code mtls}: the point's TLS, part of its identity. */
  public String tlsMode() {
    return tls == null ? "off" : tls.presentsCertificate() ? "mtls" : "tls";
  }

  private static void port(String option, int value) {
    if (value < 1 || value > 65535) {
      throw new IllegalArgumentException(option + " must be a TCP port (1-65535), got " + value);
    }
  }

  /** {@code --port ID=PORT}: the id must be in the catalog. */
  private static void namedPort(String id, int value) {
    ProtocolCatalog catalog = ProtocolCatalog.onClassPath();
    if (catalog.find(id).isEmpty()) {
      throw new IllegalArgumentException("--port " + id + "=" + value + ": " + catalog.unknown(id));
    }
    port("--port " + id, value);
  }

  public Duration connectTimeout() {
    return timeout.compareTo(MAX_CONNECT_TIMEOUT) < 0 ? timeout : MAX_CONNECT_TIMEOUT;
  }

  int port(Protocol protocol) {
    return ports.getOrDefault(protocol.id(), protocol.defaultPort());
  }

  /** What a protocol's client is told; {@code threads}: the calls it may have out at once. */
  ClientOptions clientOptions(Protocol protocol, int threads) {
    List<InetSocketAddress> servers = HostList.parse(host).servers(port(protocol));
    InetSocketAddress first = servers.get(0);
    ClientOptions plain =
        new ClientOptions(
            first.getHostString(), first.getPort(), timeout, connectTimeout(), threads, servers);
    return (tls == null ? plain : plain.withTls(tls)).withCompression(compression);
  }

  String protocolList() {
    return Protocol.ids(protocols);
  }

  /** The same servers for one protocol of the point. */
  Target forProtocol(Protocol protocol) {
    return new Target(List.of(protocol), host, ports, timeout, tls, compression);
  }

  /** {@code --protocol}: the first option of every options line. */
  void addProtocolArgs(List<String> args) {
    args.addAll(List.of("--protocol", protocolList()));
  }

  /** {@code --host}, each protocol's {@code --port}, {@code --timeout}. */
  void addArgs(List<String> args) {
    args.addAll(List.of("--host", host));
    for (Protocol p : protocols) {
      args.addAll(List.of("--port", p.id() + "=" + port(p)));
    }
    args.addAll(List.of("--timeout", String.valueOf(timeout)));
    if (tls != null) {
      args.addAll(List.of("--tls-ca", tls.ca().toString()));
      if (tls.cert() != null) {
        args.addAll(
            List.of("--tls-cert", tls.cert().toString(), "--tls-key", tls.key().toString()));
      }
    }
    if (!ClientOptions.NO_COMPRESSION.equals(compression)) {
      args.addAll(List.of("--compression", compression));
    }
  }

  /** The deadlines' keys. */
  public void provenance(Map<String, String> m) {
    m.put("timeout", timeout.toString());
    m.put("connect_timeout", connectTimeout().toString());
  }
}
