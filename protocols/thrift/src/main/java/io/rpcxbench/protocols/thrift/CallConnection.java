package io.rpcxbench.protocols.thrift;

import io.rpcxbench.protocols.thrift.wire.Bench;
import io.rpcxbench.tls.TlsContexts;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.function.Consumer;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.layered.TFramedTransport;

/**
 * One calling thread's connection, as Thrift's users build a blocking client: a {@link TSocket} in
 * a {@link TFramedTransport}, the binary protocol, the generated {@link Bench.Client}. Not
 * thread-safe (neither is the generated client). With TLS, the {@code TSocket} wraps an {@link
 * SSLSocket} layered on the connected socket, its handshake done before the first call (what
 * Thrift's {@code TSSLTransportFactory.getClientSocket} does, from PEM files instead of a
 * keystore). With {@code --compression zlib}, libthrift's {@code TZlibTransport} over the framed
 * transport ({@link ZlibFramedTransport}); the server answers in kind.
 */
final class CallConnection implements AutoCloseable {
  private final TTransport transport;
  private final Bench.Client client;

  private CallConnection(TTransport transport) {
    this.transport = transport;
    this.client = new Bench.Client(ThriftLimits.protocol(transport));
  }

  /**
   * Connects within {@code connectTimeoutMs}; every read then waits at most {@code readTimeoutMs}.
   */
  static CallConnection open(String host, int port, int connectTimeoutMs, int readTimeoutMs)
      throws TTransportException {
    return open(host, port, connectTimeoutMs, readTimeoutMs, false);
  }

  /** As {@link #open(String, int, int, int)}, the framed transport zlib-compressed if asked. */
  static CallConnection open(
      String host, int port, int connectTimeoutMs, int readTimeoutMs, boolean zlib)
      throws TTransportException {
    TSocket socket =
        new TSocket(ThriftLimits.configuration(), host, port, readTimeoutMs, connectTimeoutMs);
    TFramedTransport transport = new TFramedTransport(socket, ThriftLimits.MAX_FRAME);
    transport.open(); // closes the socket itself when the connect fails
    return new CallConnection(compressed(transport, zlib));
  }

  private static TTransport compressed(TFramedTransport framed, boolean zlib)
      throws TTransportException {
    return zlib ? new ZlibFramedTransport(framed) : framed;
  }

  /**
   * As {@link #open(String, int, int, int, boolean)}, over TLS: connect within {@code
   * connectTimeoutMs}, handshake within {@code readTimeoutMs} (the server's certificate must name
   * {@code host}); the negotiated session is handed to {@code onHandshake}.
   *
   * @throws IOException the connect's or the handshake's failure (an {@code SSLException})
   */
  static CallConnection open(
      String host,
      int port,
      int connectTimeoutMs,
      int readTimeoutMs,
      boolean zlib,
      SSLSocketFactory tls,
      Consumer<SSLSession> onHandshake)
      throws IOException, TTransportException {
    Socket plain = new Socket();
    SSLSocket socket;
    try {
      plain.setTcpNoDelay(true);
      plain.connect(new InetSocketAddress(host, port), connectTimeoutMs);
      plain.setSoTimeout(readTimeoutMs);
      socket = (SSLSocket) tls.createSocket(plain, host, port, true);
      socket.setSSLParameters(TlsContexts.checkingHostName(socket.getSSLParameters()));
      socket.startHandshake();
    } catch (IOException e) {
      plain.close();
      throw e;
    }
    onHandshake.accept(socket.getSession());
    TFramedTransport transport = new TFramedTransport(new TSocket(socket), ThriftLimits.MAX_FRAME);
    return new CallConnection(compressed(transport, zlib));
  }

  Bench.Client client() {
    return client;
  }

  @Override
  public void close() {
    transport.close();
  }
}
