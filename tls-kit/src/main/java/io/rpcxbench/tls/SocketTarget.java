package io.rpcxbench.tls;

import io.rpcxbench.spi.ClientOptions;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Optional;

/**
 * Where a raw-socket protocol's client connects, and how: the host and port, the connect timeout,
 * the read timeout every call then waits at most, TCP_NODELAY, and TLS ({@link TlsSockets}) or
 * none. The one place for what each raw-socket client (BERT, Cap'n Proto, TCP + Protobuf, Avro over
 * a socket) opened, named and explained by hand.
 *
 * <pre>{@code
 * SocketTarget target = SocketTarget.of("10.0.0.2", 8087, connectTimeout, callTimeout, tls);
 * SocketTarget mine = SocketTarget.of(clientOptions);  // a plug-in's, from its options
 * CallSocket socket = target.open(CallSocket::new);   // connected, handshake done, read timeout set
 * target.address();                                   // "10.0.0.2:8087"
 * }</pre>
 */
public final class SocketTarget {
  /** Wraps a connected socket (its streams, its framing); a failure closes the socket. */
  @FunctionalInterface
  public interface Wrapper<C> {
    C wrap(Socket socket) throws IOException;
  }

  private final String host;
  private final int port;
  private final Duration connectTimeout;
  private final Duration readTimeout;
  private final TlsSockets tls;

  private SocketTarget(
      String host, int port, Duration connectTimeout, Duration readTimeout, TlsSockets tls) {
    this.host = host;
    this.port = port;
    this.connectTimeout = connectTimeout;
    this.readTimeout = readTimeout;
    this.tls = tls;
  }

  /**
   * A benchmark plug-in's target from its options: host, port, connect timeout, the call timeout as
   * the read timeout, and TLS when the options give its files.
   */
  public static SocketTarget of(ClientOptions options) {
    return of(
        options.host(),
        options.port(),
        options.connectTimeout(),
        options.callTimeout(),
        options.tlsSettings().map(t -> TlsSockets.client(t.ca(), t.cert(), t.key())));
  }

  /** {@code tls} empty: plain TCP. */
  public static SocketTarget of(
      String host,
      int port,
      Duration connectTimeout,
      Duration readTimeout,
      Optional<TlsSockets> tls) {
    return new SocketTarget(host, port, connectTimeout, readTimeout, tls.orElse(null));
  }

  /**
   * A socket connected within the connect timeout (TCP_NODELAY on, the read timeout set; over TLS
   * the handshake done), handed to {@code wrapper}.
   *
   * @throws IOException the connect's, the handshake's or the wrapper's failure; the socket is
   *     closed
   */
  public <C> C open(Wrapper<C> wrapper) throws IOException {
    Socket socket = connect();
    try {
      return wrapper.wrap(socket);
    } catch (IOException | RuntimeException e) {
      socket.close();
      throw e;
    }
  }

  private Socket connect() throws IOException {
    if (tls != null) {
      return tls.connect(host, port, millis(connectTimeout), millis(readTimeout));
    }
    Socket socket = new Socket();
    try {
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(millis(readTimeout));
      socket.connect(new InetSocketAddress(host, port), millis(connectTimeout));
      return socket;
    } catch (IOException | RuntimeException e) {
      socket.close();
      throw e;
    }
  }

  /** {@code host:port}, an IPv6 host in brackets. */
  public String address() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  /** The read timeout in ms, as a timed-out call reports it. */
  public int readTimeoutMs() {
    return millis(readTimeout);
  }

  /** For a client's describe(): the socket settings, and TLS or mTLS when on. */
  public String settings() {
    return "TCP_NODELAY, SO_TIMEOUT = callTimeout "
        + readTimeout
        + ", connectTimeout "
        + connectTimeout
        + (tls == null ? "" : "; " + tls.mode() + " (JDK SSLSocket)");
  }

  /** What the last handshake negotiated; empty without TLS or before one. */
  public Optional<String> tlsSession() {
    return tls == null ? Optional.empty() : tls.session();
  }

  /** A TLS failure's one line with TLS on ({@link TlsSockets#failure}), else {@code message}. */
  public String failure(String message, Throwable e) {
    return tls == null ? message : tls.failure(message, e);
  }

  private static int millis(Duration d) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, d.toMillis()));
  }
}
