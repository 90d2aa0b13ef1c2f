package io.rpcxbench.protocols.amqp;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.PossibleAuthenticationFailureException;
import com.rabbitmq.client.Return;
import com.rabbitmq.client.RpcClient;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.UnroutableRpcRequestException;
import com.rabbitmq.client.impl.ClientVersion;
import io.rpcxbench.api.Item;
import io.rpcxbench.protocols.amqp.AmqpCallException.Code;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.spi.PerThreadConnections;
import io.rpcxbench.tls.TlsContexts;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;

/**
 * The harness's AMQP client: amqp-client 5.x as its users build request/reply. One {@link
 * Connection} shared by all calling threads, one channel with an {@link RpcClient} per calling
 * thread ({@link ReplyChannel}); a call publishes to the request queue and blocks for its reply.
 * The broker decides the reply mode: direct reply-to where it advertises the {@code
 * direct_reply_to} capability (RabbitMQ), else an exclusive server-named queue per channel (Qpid).
 * No automatic recovery: a lost connection fails every call in flight at once, and the next call
 * reconnects. With the harness's TLS settings the connection is AMQPS: amqp-client's {@code
 * useSslProtocol} with the PEM files' {@link javax.net.ssl.SSLContext} (tls-kit), the broker's
 * certificate checked against the host called ({@code enableHostnameVerification}).
 */
final class AmqpClient implements BenchClient {
  private static final int HEARTBEAT_S = 60;

  private final ConnectionFactory factory;
  private final ClientOptions options;
  private final int callTimeoutMs;
  private final PerThreadConnections<ReplyChannel> channels;
  private final ClientTls tls; // null: plaintext
  private final Object connecting = new Object();
  private volatile Connection connection; // written under connecting
  private Socket opening; // the socket of the connection being opened, under connecting
  private volatile String negotiated; // the TLS session of the last connection
  private volatile BrokerFacts facts;
  private volatile boolean closed;

  /** What the last connection learned about the broker and the server's consumers. */
  record BrokerFacts(String product, String version, boolean directReplyTo, String server) {}

  AmqpClient(ClientOptions options) {
    this.options = options;
    this.callTimeoutMs = millis(options.callTimeout().toMillis());
    this.factory = new ConnectionFactory();
    factory.setHost(options.host());
    factory.setPort(options.port());
    factory.setConnectionTimeout(millis(options.connectTimeout().toMillis()));
    factory.setHandshakeTimeout(millis(options.connectTimeout().toMillis()));
    factory.setChannelRpcTimeout(callTimeoutMs);
    factory.setRequestedHeartbeat(HEARTBEAT_S);
    factory.setAutomaticRecoveryEnabled(false);
    factory.setTopologyRecoveryEnabled(false);
    this.tls = options.tlsSettings().orElse(null);
    if (tls != null) {
      factory.useSslProtocol(TlsContexts.client(tls.ca(), tls.cert(), tls.key()));
      // keep the socket to read its session once the connection is open; then amqp-client's
      // hostname verification (HTTPS endpoint identification) after the default configurator
      factory.setSocketConfigurator(
          factory.getSocketConfigurator().andThen(socket -> opening = socket));
      factory.enableHostnameVerification();
    }
    this.channels = new PerThreadConnections<>(this::openChannel);
  }

  /**
   * The broker's user, read at each connect (a restarted server may have made the file anew): this
   * host's file, else guest (a broker someone else runs, with its default user).
   */
  private static BrokerCredentials credentials() throws IOException {
    try {
      return BrokerCredentials.read().orElse(BrokerCredentials.GUEST);
    } catch (IOException e) {
      throw new IOException("AMQP credentials: " + e.getMessage(), e);
    }
  }

  private static int millis(long ms) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, ms));
  }

  @Override
  public String hello(String name) {
    return new String(call(AmqpWire.HELLO, AmqpWire.optionalText(name)), StandardCharsets.UTF_8);
  }

  @Override
  public byte[] echo(byte[] payload) {
    return call(AmqpWire.ECHO, AmqpWire.optionalBytes(payload));
  }

  @Override
  public boolean put(String key, byte[] value) {
    byte[] reply = call(AmqpWire.PUT, AmqpWire.put(key, value));
    try {
      return AmqpWire.readPutResult(reply);
    } catch (IOException e) {
      throw new AmqpCallException(Code.INTERNAL, "bad put reply: " + e.getMessage(), e);
    }
  }

  @Override
  public List<Item> items(int n) {
    byte[] reply = call(AmqpWire.ITEMS, AmqpWire.items(n));
    try {
      return AmqpWire.readItemList(reply);
    } catch (IOException e) {
      throw new AmqpCallException(Code.INTERNAL, "bad items reply: " + e.getMessage(), e);
    }
  }

  @Override
  public String describe() {
    BrokerFacts f = facts;
    String broker =
        f == null
            ? "broker unknown (never connected)"
            : "broker "
                + f.product()
                + " "
                + f.version()
                + " (its server properties); replies by "
                + (f.directReplyTo()
                    ? "direct reply-to (" + ReplyChannel.DIRECT_REPLY_TO + ", no-ack)"
                    : "an exclusive server-named reply queue per channel (no direct reply-to)")
                + "; server: "
                + f.server();
    return "amqp-client "
        + ClientVersion.VERSION
        + (tls == null
            ? ""
            : " over "
                + tls.mode()
                + " (AMQPS: useSslProtocol with the PEM files' SSLContext, JDK SSLSocket, hostname"
                + " verified"
                + (tls.presentsCertificate() ? ", presenting " + tls.cert() : "")
                + ")")
        + " at "
        + options.target()
        + ", "
        + broker
        + "; 1 connection shared by the calling threads, 1 channel + RpcClient per calling"
        + " thread; requests to queue '"
        + AmqpWire.REQUEST_QUEUE
        + "' by the default exchange, mandatory, transient, type = method; call timeout "
        + options.callTimeout()
        + ", connect timeout "
        + options.connectTimeout()
        + ", heartbeat "
        + HEARTBEAT_S
        + " s, no automatic recovery";
  }

  /** The TLS session of the current connection, once it has been opened. */
  @Override
  public Optional<String> tlsSession() {
    return Optional.ofNullable(negotiated);
  }

  @Override
  public void close() {
    closed = true;
    channels.close();
    synchronized (connecting) {
      if (connection != null) {
        connection.abort(callTimeoutMs);
        connection = null;
      }
    }
  }

  /** A user's message: its method and protobuf bytes; the answer's bytes (AmqpMessageClient). */
  byte[] message(String method, byte[] body) {
    return call(method, body);
  }

  private byte[] call(String method, byte[] body) {
    ReplyChannel channel = channel();
    RpcClient.Response reply;
    try {
      reply = channel.call(method, body);
    } catch (TimeoutException e) {
      // the channel stays: a late reply finds no waiting call and is dropped by RpcClient
      throw new AmqpCallException(
          Code.DEADLINE_EXCEEDED, "no reply within " + callTimeoutMs + " ms", e);
    } catch (UnroutableRpcRequestException e) {
      // 312 NO_ROUTE: no queue (no server); Qpid also returns a mandatory publish its full
      // (bounded) queue refused, 506 RESOURCE_ERROR
      Return refused = e.getReturnMessage();
      throw new AmqpCallException(
          Code.UNAVAILABLE,
          refused.getReplyCode() == AMQP.NO_ROUTE
              ? "the broker at " + options.target() + " has no queue " + AmqpWire.REQUEST_QUEUE
              : "the broker at "
                  + options.target()
                  + " did not queue the request: "
                  + refused.getReplyCode()
                  + " "
                  + refused.getReplyText(),
          e);
    } catch (IOException | ShutdownSignalException e) {
      channels.discard(channel);
      throw new AmqpCallException(Code.UNAVAILABLE, options.target() + ": " + reason(e), e);
    }
    String error = reply.getProperties().getType();
    if (error != null) {
      Code code = AmqpWire.INVALID_ARGUMENT.equals(error) ? Code.INVALID_ARGUMENT : Code.INTERNAL;
      throw new AmqpCallException(code, new String(reply.getBody(), StandardCharsets.UTF_8), null);
    }
    return reply.getBody();
  }

  private static String reason(Exception e) {
    if (e instanceof ShutdownSignalException s) {
      // RpcClient wraps the channel's signal; the socket's error, if any, is at the bottom
      Throwable root = s;
      while (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      }
      String what = s.isHardError() ? "connection" : "channel";
      return root instanceof ShutdownSignalException r
          ? what + " closed by the broker: " + r.getReason()
          : what + " lost: " + root;
    }
    return e.getCause() instanceof ShutdownSignalException s ? reason(s) : String.valueOf(e);
  }

  /** This thread's channel: opened on its first call, after a failure, or after a reconnect. */
  private ReplyChannel channel() {
    try {
      ReplyChannel channel = channels.mine();
      if (!channel.usableOn(connection)) {
        channels.discard(channel);
        channel = channels.mine();
      }
      return channel;
    } catch (PerThreadConnections.ClosedException e) {
      throw new AmqpCallException(Code.UNAVAILABLE, "client closed", null);
    } catch (IOException | ShutdownSignalException e) {
      throw new AmqpCallException(
          Code.UNAVAILABLE, "cannot connect to " + options.target() + ": " + reasonOf(e), e);
    }
  }

  /**
   * Why a connect failed, in one line: a TLS failure as {@code TlsContexts.explain} says it; a TLS
   * connection the broker closed before the AMQP handshake (mTLS under TLS 1.3: the client's
   * handshake ends before the broker checks for a certificate) asks whether it wants one.
   */
  private String reasonOf(Exception e) {
    if (tls != null && !refused(e) && !any(e, SSLHandshakeException.class)) {
      // after the client's side of the handshake; JSSE may wrap the reset in an SSLException
      Optional<String> closed = TlsContexts.closedWithoutCertificate(e);
      if (closed.isPresent()) {
        return closed.get();
      }
    }
    Optional<String> tlsFailure = TlsContexts.handshakeFailure(e);
    if (tlsFailure.isPresent()) {
      return tlsFailure.get();
    }
    if (e.getMessage() == null && e.getCause() instanceof ShutdownSignalException s) {
      // amqp-client's handshake failure: an IOException without a message around the signal
      return reason(s)
          + (tls == null && !refused(e)
              ? " (before the AMQP handshake: is the broker's port AMQPS? then the client needs"
                  + " --tls-ca)"
              : "");
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /** Nothing listens there, or nothing answers: not a TLS question. */
  private static boolean refused(Throwable e) {
    return any(e, java.net.ConnectException.class) || any(e, java.net.SocketTimeoutException.class);
  }

  private static boolean any(Throwable e, Class<? extends Throwable> type) {
    for (Throwable c = e; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (type.isInstance(c)) {
        return true;
      }
    }
    return false;
  }

  private ReplyChannel openChannel() throws IOException {
    Connection c = connection();
    return ReplyChannel.open(c, facts.directReplyTo(), callTimeoutMs);
  }

  /** The shared connection, opened on the first call and again after it was lost. */
  private Connection connection() throws IOException {
    synchronized (connecting) {
      if (closed) {
        throw new IOException("client closed");
      }
      if (connection != null && connection.isOpen()) {
        return connection;
      }
      Connection fresh;
      credentials().applyTo(factory);
      try {
        fresh = factory.newConnection("rpcx-bench amqp client");
      } catch (TimeoutException e) {
        throw new IOException("no AMQP handshake within " + options.connectTimeout(), e);
      } catch (PossibleAuthenticationFailureException e) {
        throw new IOException(
            "the broker refused user "
                + factory.getUsername()
                + ": a broker the amqp server starts accepts only the user of "
                + BrokerCredentials.file()
                + " (copy that file to this host, or set "
                + BrokerCredentials.FOLDER_ENV
                + " to its folder)",
            e);
      }
      if (opening instanceof SSLSocket ssl) {
        negotiated = TlsContexts.describe(ssl.getSession());
      }
      facts = learn(fresh);
      connection = fresh;
      return fresh;
    }
  }

  /** The broker from the connection's server properties; the server's settings by one call. */
  private BrokerFacts learn(Connection fresh) {
    var properties = fresh.getServerProperties();
    Object capabilities = properties.get("capabilities");
    boolean direct =
        capabilities instanceof java.util.Map<?, ?> m
            && Boolean.TRUE.equals(m.get("direct_reply_to"));
    String product = String.valueOf(properties.get("product"));
    String version = String.valueOf(properties.get("version"));
    String server = "settings unknown (no answer to '" + AmqpWire.ABOUT + "')";
    try (ReplyChannel about = ReplyChannel.open(fresh, direct, callTimeoutMs)) {
      RpcClient.Response reply = about.call(AmqpWire.ABOUT, new byte[0]);
      if (reply.getProperties().getType() == null) {
        server = new String(reply.getBody(), StandardCharsets.UTF_8);
      }
    } catch (IOException | TimeoutException | RuntimeException e) {
      // the calls will say what is wrong; describe() says the settings are unknown
    }
    return new BrokerFacts(product, version, direct, server);
  }
}
