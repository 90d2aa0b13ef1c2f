package io.rpcxbench.protocols.thrift;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Message;
import io.rpcxbench.api.Item;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.protocols.thrift.ThriftException.Code;
import io.rpcxbench.protocols.thrift.wire.Bench;
import io.rpcxbench.protocols.thrift.wire.InvalidArgument;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.spi.PerThreadConnections;
import io.rpcxbench.tls.TlsContexts;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import javax.net.ssl.SSLSocketFactory;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TBaseHelper;
import org.apache.thrift.TException;
import org.apache.thrift.transport.TTransportException;

/**
 * The harness's Thrift client. The generated {@link Bench.Client} is not thread-safe, so each
 * calling thread gets its own {@link CallConnection} (a {@code ThreadLocal}): connect timeout,
 * socket timeout = the call timeout. A connection whose transport failed is discarded; the thread's
 * next call opens a fresh one. The client owns every connection and closes them all in {@link
 * #close()}. With {@code --tls}: each connection an {@code SSLSocket} of the PEM files' context
 * under the {@code TSocket} ({@link CallConnection}); a TLS failure is one line.
 */
final class ThriftClient implements BenchClient {
  private final String host;
  private final int port;
  private final int connectTimeoutMs;
  private final int callTimeoutMs;
  private final String description;
  private final PerThreadConnections<CallConnection> connections;
  private final SSLSocketFactory tls;
  private final boolean presentsCertificate;
  private final boolean zlib;
  private volatile String session;

  /** One call on the thread's generated client. */
  @FunctionalInterface
  private interface Call<T> {
    T on(Bench.Client client) throws TException;
  }

  ThriftClient(ClientOptions options) {
    this.host = options.host();
    this.port = options.port();
    this.connectTimeoutMs = millis(options.connectTimeout().toMillis());
    this.callTimeoutMs = millis(options.callTimeout().toMillis());
    ClientTls tlsSettings = options.tlsSettings().orElse(null);
    this.presentsCertificate = tlsSettings != null && tlsSettings.presentsCertificate();
    this.zlib = options.compresses(); // the catalog offers zlib only: the harness checked it
    this.tls =
        tlsSettings == null
            ? null
            : TlsContexts.client(tlsSettings.ca(), tlsSettings.cert(), tlsSettings.key())
                .getSocketFactory();
    this.description =
        "libthrift "
            + LIBTHRIFT_VERSION
            + " generated Bench.Client (thrift 0.17.0): 1 blocking TSocket per calling thread,"
            + " TFramedTransport + TBinaryProtocol, max frame "
            + ThriftLimits.MAX_FRAME
            + " B, socket timeout = callTimeout "
            + options.callTimeout()
            + ", connectTimeout "
            + options.connectTimeout()
            + "; server "
            + ThriftServer.MODEL
            + (tlsSettings == null
                ? ""
                : "; " + tlsSettings.mode() + " (SSLSocket under TSocket, JDK SSLContext)")
            + (zlib
                ? "; zlib compression (TZlibTransport over TFramedTransport, level 9: libthrift's"
                    + " default)"
                : "");
    this.connections = new PerThreadConnections<>(this::open);
  }

  static final String LIBTHRIFT_VERSION = libthriftVersion();

  private static String libthriftVersion() {
    Properties versions = new Properties();
    try (InputStream in = ThriftClient.class.getResourceAsStream("/thrift-version.properties")) {
      if (in != null) {
        versions.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return versions.getProperty("libthrift", "unknown");
  }

  private static int millis(long ms) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, ms));
  }

  @Override
  public String hello(String name) {
    return call(c -> c.hello(name));
  }

  @Override
  public byte[] echo(byte[] payload) {
    ByteBuffer wrapped = payload == null ? null : ByteBuffer.wrap(payload);
    // The reply may wrap the transport's frame buffer: copy it out before the next call.
    return TBaseHelper.byteBufferToByteArray(call(c -> c.echo(wrapped)));
  }

  @Override
  public boolean put(String key, byte[] value) {
    ByteBuffer wrapped = value == null ? null : ByteBuffer.wrap(value);
    return call(c -> c.put(key, wrapped));
  }

  @Override
  public List<Item> items(int n) {
    return ItemStructs.fromWire(call(c -> c.items(n)));
  }

  /**
   * A user's record as the {@code message} call ({@link MessageCallWire}) on this thread's
   * connection, its reply read as {@code replyType}; a refusal is an invalid argument.
   */
  Message message(Message record, MessageReply reply, Descriptor replyType) {
    return call(
        c -> {
          MessageCallWire.writeCall(c.getOutputProtocol(), MESSAGE_SEQID, reply, record);
          MessageCallWire.Answer answer =
              MessageCallWire.readAnswer(c.getInputProtocol(), MESSAGE_SEQID, replyType);
          if (answer.refused() != null) {
            throw new InvalidArgument(answer.refused());
          }
          return answer.record();
        });
  }

  /** The message call's sequence id: calls on a connection are one at a time, so any will do. */
  private static final int MESSAGE_SEQID = 0x4d5347;

  @Override
  public String describe() {
    return description;
  }

  @Override
  public Optional<String> tlsSession() {
    return Optional.ofNullable(session);
  }

  @Override
  public void close() {
    connections.close();
  }

  private <T> T call(Call<T> call) {
    CallConnection connection = connection();
    try {
      return call.on(connection.client());
    } catch (InvalidArgument e) {
      throw new ThriftException(Code.INVALID_ARGUMENT, e.getMessage(), e);
    } catch (TApplicationException e) {
      if (outOfStep(e)) {
        discard(connection);
      }
      throw new ThriftException(Code.INTERNAL, e.getMessage(), e);
    } catch (TTransportException e) {
      discard(connection);
      if (timedOut(e)) {
        throw new ThriftException(
            Code.DEADLINE_EXCEEDED, "no reply within " + callTimeoutMs + " ms", e);
      }
      throw new ThriftException(Code.UNAVAILABLE, target() + ": " + tlsOr(message(e), e), e);
    } catch (TException | RuntimeException e) {
      // a reply Thrift could not decode: the stream is out of step
      discard(connection);
      throw new ThriftException(Code.INTERNAL, target() + ": " + message(e), e);
    }
  }

  /** A reply that belongs to another call: the connection cannot be trusted any more. */
  private static boolean outOfStep(TApplicationException e) {
    return switch (e.getType()) {
      case TApplicationException.BAD_SEQUENCE_ID,
          TApplicationException.WRONG_METHOD_NAME,
          TApplicationException.INVALID_MESSAGE_TYPE ->
          true;
      default -> false;
    };
  }

  private static boolean timedOut(TTransportException e) {
    return e.getType() == TTransportException.TIMED_OUT
        || e.getCause() instanceof SocketTimeoutException;
  }

  private static String message(Exception e) {
    String message = e.getMessage();
    if (message == null && e.getCause() != null) {
      message = e.getCause().toString();
    }
    return message == null ? e.getClass().getSimpleName() : message;
  }

  /** This thread's connection, opened on its first call or after the last one failed. */
  private CallConnection connection() {
    try {
      return connections.mine();
    } catch (PerThreadConnections.ClosedException e) {
      throw new ThriftException(Code.UNAVAILABLE, "client closed", null);
    } catch (IOException e) {
      throw new ThriftException(
          Code.UNAVAILABLE,
          "cannot connect to " + target() + ": " + tlsOr(e.getMessage(), e),
          e.getCause());
    }
  }

  /** A TLS failure's one line (with TLS on), else the message given. */
  private String tlsOr(String message, Exception e) {
    if (tls == null) {
      return message;
    }
    return TlsContexts.handshakeFailure(e)
        .or(() -> presentsCertificate ? Optional.empty() : TlsContexts.closedWithoutCertificate(e))
        .orElse(message);
  }

  /** Thrift's transport failure as the IOException {@link PerThreadConnections} expects. */
  private CallConnection open() throws IOException {
    try {
      if (tls != null) {
        return CallConnection.open(
            host,
            port,
            connectTimeoutMs,
            callTimeoutMs,
            zlib,
            tls,
            s -> {
              if (session == null) {
                session = TlsContexts.describe(s);
              }
            });
      }
      return CallConnection.open(host, port, connectTimeoutMs, callTimeoutMs, zlib);
    } catch (TTransportException e) {
      throw new IOException(message(e), e);
    }
  }

  private void discard(CallConnection connection) {
    connections.discard(connection);
  }

  private String target() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
