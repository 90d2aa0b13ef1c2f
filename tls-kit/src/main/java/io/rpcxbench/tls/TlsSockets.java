package io.rpcxbench.tls;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.Optional;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * The client end of a raw-socket protocol over TLS: each connection a JDK {@link SSLSocket} of the
 * PEM files' context layered on a connected socket, the server's certificate checked against the
 * host called, the handshake done before the first call; the negotiated session is kept for the
 * client's {@code tlsSession()}, and a failure is one line ({@link #failure}).
 *
 * <pre>{@code
 * TlsSockets tls = TlsSockets.client(ca, cert, key);        // cert and key null: no mTLS
 * Socket socket = tls.connect("10.0.0.2", 8087, 5000, 5000); // connected, handshake done
 * tls.session();                                            // "TLSv1.3 TLS_AES_128_GCM_SHA256"
 * }</pre>
 */
public final class TlsSockets {
  private final SSLSocketFactory factory;
  private final boolean presentsCertificate;
  private volatile String session;

  private TlsSockets(SSLSocketFactory factory, boolean presentsCertificate) {
    this.factory = factory;
    this.presentsCertificate = presentsCertificate;
  }

  /**
   * A client trusting {@code ca}; presenting {@code cert} and {@code key} (mTLS) when not null.
   *
   * @throws TlsSetupException with one line when a file cannot be used
   */
  public static TlsSockets client(Path ca, Path cert, Path key) {
    return new TlsSockets(TlsContexts.client(ca, cert, key).getSocketFactory(), cert != null);
  }

  /**
   * Connects within {@code connectTimeoutMs} (TCP_NODELAY on), then handshakes within {@code
   * readTimeoutMs}, which stays the socket's read timeout.
   *
   * @throws IOException the connect's or the handshake's failure (an {@code SSLException}); the
   *     socket is closed
   */
  public SSLSocket connect(String host, int port, int connectTimeoutMs, int readTimeoutMs)
      throws IOException {
    Socket plain = new Socket();
    try {
      plain.setTcpNoDelay(true);
      plain.connect(new InetSocketAddress(host, port), connectTimeoutMs);
      plain.setSoTimeout(readTimeoutMs);
      SSLSocket socket = (SSLSocket) factory.createSocket(plain, host, port, true);
      socket.setSSLParameters(TlsContexts.checkingHostName(socket.getSSLParameters()));
      socket.startHandshake();
      session = TlsContexts.describe(socket.getSession());
      return socket;
    } catch (IOException | RuntimeException e) {
      plain.close();
      throw e;
    }
  }

  /** What the last handshake negotiated, e.g. {@code "TLSv1.3 TLS_AES_128_GCM_SHA256"}. */
  public Optional<String> session() {
    return Optional.ofNullable(session);
  }

  /** "TLS" or "mTLS". */
  public String mode() {
    return presentsCertificate ? "mTLS" : "TLS";
  }

  /**
   * One line for a connection's or a call's failure: a TLS error explained ({@link
   * TlsContexts#explain}); without a client certificate, a connection the server closed after the
   * handshake ({@link TlsContexts#closedWithoutCertificate}: the TLS 1.3 mTLS refusal a client that
   * writes first may meet before the alert); else {@code message}.
   */
  public String failure(String message, Throwable e) {
    return TlsContexts.handshakeFailure(e)
        .or(() -> presentsCertificate ? Optional.empty() : TlsContexts.closedWithoutCertificate(e))
        .orElse(message);
  }
}
