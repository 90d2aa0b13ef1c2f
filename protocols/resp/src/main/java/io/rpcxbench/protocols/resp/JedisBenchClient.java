package io.rpcxbench.protocols.resp;

import io.rpcxbench.api.Item;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.tls.TlsContexts;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPoolConfig;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * The harness's Jedis client, as Jedis users call a server from many threads: a {@link JedisPool}
 * of blocking connections sized to the load threads, each call borrowing one for its command (so
 * each thread effectively keeps its own), custom commands through {@code sendCommand}. A broken
 * connection is dropped by the pool on its way back; the next call opens a fresh one. {@code open}
 * connects once, to name the server ({@code INFO server}) and, for a real redis-server, to load the
 * Lua scripts. With {@code --tls}: Jedis's own SSL ({@code ssl(true)}, the {@code SSLSocketFactory}
 * of the PEM files, host name checked through {@code SSLParameters}); the session is read from the
 * handshake of the first socket, a failed handshake is one line in the {@code
 * JedisConnectionException}.
 */
final class JedisBenchClient implements BenchClient {
  private final SessionRecorder session;
  private final JedisPool pool;
  private final Backend backend;
  private final String description;
  private final ClientTls tls;

  private JedisBenchClient(
      JedisPool pool, Backend backend, String description, SessionRecorder session, ClientTls tls) {
    this.tls = tls;
    this.session = session;
    this.pool = pool;
    this.backend = backend;
    this.description = description;
  }

  /**
   * Builds the pool and makes the first connection.
   *
   * @throws redis.clients.jedis.exceptions.JedisConnectionException when the server is unreachable
   */
  static JedisBenchClient open(ClientOptions options, Backend backend) {
    ClientTls tls = options.tlsSettings().orElse(null);
    SessionRecorder session =
        tls == null
            ? null
            : new SessionRecorder(
                TlsContexts.client(tls.ca(), tls.cert(), tls.key()).getSocketFactory());
    DefaultJedisClientConfig.Builder builder =
        DefaultJedisClientConfig.builder()
            .connectionTimeoutMillis(millis(options.connectTimeout()))
            .socketTimeoutMillis(millis(options.callTimeout()))
            // JedisPool speaks the server's default protocol (RESP2) and sends no HELLO; without
            // this, Jedis 8 warns on every connection that pools cannot auto-negotiate RESP3
            .autoNegotiateProtocol(false);
    if (session != null) {
      builder
          .ssl(true)
          .sslSocketFactory(session)
          .sslParameters(TlsContexts.checkingHostName(new SSLParameters()));
    }
    JedisClientConfig config = builder.build();
    JedisPoolConfig poolConfig = new JedisPoolConfig();
    poolConfig.setMaxTotal(options.threads());
    poolConfig.setMaxIdle(options.threads());
    poolConfig.setMaxWait(options.callTimeout());
    JedisPool pool =
        new JedisPool(poolConfig, new HostAndPort(options.host(), options.port()), config);
    try {
      String server;
      try (Jedis jedis = pool.getResource()) {
        server = Replies.serverOf(jedis.info("server"));
        if (backend == Backend.REDIS_SERVER) {
          loadScripts(jedis);
        }
      }
      String description =
          "Jedis "
              + LibraryVersions.of("redis.clients", "jedis")
              + ": JedisPool of at most "
              + options.threads()
              + " blocking connections (one per calling thread, borrowed per call),"
              + " RESP2 (the server's default, no HELLO)"
              + ", connectTimeout "
              + options.connectTimeout()
              + ", soTimeout = callTimeout "
              + options.callTimeout()
              + "; server: "
              + server
              + " at "
              + options.target()
              + "; "
              + backend.wireSummary()
              + (tls == null ? "" : "; " + tls.mode() + " (Jedis ssl, JDK SSLSocketFactory)");
      return new JedisBenchClient(pool, backend, description, session, tls);
    } catch (JedisConnectionException e) {
      pool.close();
      throw tls == null ? withReason(e) : explained(withReason(e), tls, session);
    } catch (RuntimeException e) {
      pool.close();
      throw e;
    }
  }

  @Override
  public String hello(String name) {
    return Replies.text(call(backend.hello(name)));
  }

  @Override
  public byte[] echo(byte[] payload) {
    return Replies.bytes(call(backend.echo(payload)));
  }

  @Override
  public boolean put(String key, byte[] value) {
    return Replies.ok(call(backend.put(key, value)));
  }

  @Override
  public List<Item> items(int n) {
    return Replies.items(call(backend.items(n)));
  }

  /** One custom command whose reply is a bulk string (RespMessageClient). */
  byte[] bulk(Request request) {
    return Replies.bytes(call(request));
  }

  @Override
  public String describe() {
    return description;
  }

  @Override
  public Optional<String> tlsSession() {
    return session == null ? Optional.empty() : Optional.ofNullable(session.described);
  }

  @Override
  public void close() {
    pool.close();
  }

  private Object call(Request request) {
    try (Jedis jedis = pool.getResource()) {
      try {
        return jedis.sendCommand(request.command(), request.args());
      } catch (JedisNoScriptException e) {
        // the server restarted and forgot the scripts: load them again, once
        loadScripts(jedis);
        return jedis.sendCommand(request.command(), request.args());
      }
    } catch (JedisConnectionException e) {
      throw session == null ? withReason(e) : explained(withReason(e), tls, session);
    }
  }

  /**
   * A TLS failure as one line ({@code TlsContexts.explain}). Under TLS 1.3 a client's handshake
   * ends before the server checks its certificate, and Jedis writes again before it reads the
   * server's alert: a client without a certificate then meets the connection closed (broken pipe,
   * reset), said with what to check. Any other failure as it is.
   */
  private static JedisConnectionException explained(
      JedisConnectionException e, ClientTls tls, SessionRecorder session) {
    String line = TlsContexts.handshakeFailure(e).orElse(null);
    if (line == null
        && tls != null
        && !tls.presentsCertificate()
        && e.getCause() instanceof java.net.SocketException) {
      // the handshake listener may not have run yet when the write meets the closed connection
      line =
          "the server closed the connection "
              + (session.described != null ? "after" : "during")
              + " the TLS handshake ("
              + e.getCause().getMessage()
              + "): does it require a client certificate? (mTLS: --tls-cert and --tls-key)";
    }
    return line == null ? e : new JedisConnectionException(line, e);
  }

  /**
   * The JDK's SSL socket factory that Jedis layers over its socket, noting the first completed
   * handshake's session: Jedis does not expose its sockets.
   */
  private static final class SessionRecorder extends SSLSocketFactory {
    private final SSLSocketFactory delegate;
    volatile String described;

    SessionRecorder(SSLSocketFactory delegate) {
      this.delegate = delegate;
    }

    private Socket noted(Socket socket) {
      if (described == null && socket instanceof SSLSocket ssl) {
        ssl.addHandshakeCompletedListener(e -> described = TlsContexts.describe(e.getSession()));
      }
      return socket;
    }

    @Override
    public Socket createSocket(Socket s, String host, int port, boolean autoClose)
        throws IOException {
      return noted(delegate.createSocket(s, host, port, autoClose));
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
      return noted(delegate.createSocket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort)
        throws IOException {
      return noted(delegate.createSocket(host, port, localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
      return noted(delegate.createSocket(host, port));
    }

    @Override
    public Socket createSocket(
        InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
      return noted(delegate.createSocket(address, port, localAddress, localPort));
    }

    @Override
    public String[] getDefaultCipherSuites() {
      return delegate.getDefaultCipherSuites();
    }

    @Override
    public String[] getSupportedCipherSuites() {
      return delegate.getSupportedCipherSuites();
    }
  }

  /**
   * Jedis keeps why a connect failed (a {@code ConnectException}: refused, timed out) as a
   * suppressed exception of its "Failed to connect to HOST:PORT."; the harness, like most callers,
   * looks for it in the cause chain.
   */
  static JedisConnectionException withReason(JedisConnectionException e) {
    if (e.getCause() != null || e.getSuppressed().length == 0) {
      return e;
    }
    Throwable reason = e.getSuppressed()[0];
    return new JedisConnectionException(e.getMessage() + " " + reason.getMessage(), reason);
  }

  private static void loadScripts(Jedis jedis) {
    for (LuaScripts script : LuaScripts.values()) {
      jedis.scriptLoad(script.source());
    }
  }

  private static int millis(Duration duration) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, duration.toMillis()));
  }
}
