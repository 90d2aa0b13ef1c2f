package io.rpcxbench.server.openfeign;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.function.Consumer;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * An {@link SSLSocketFactory} whose sockets hand their session to {@code onHandshake} when their
 * handshake completes: how a client on {@code HttpsURLConnection}, which does not show its socket,
 * learns what it negotiated.
 */
final class SessionRecordingSocketFactory extends SSLSocketFactory {
  private final SSLSocketFactory delegate;
  private final Consumer<SSLSession> onHandshake;

  SessionRecordingSocketFactory(SSLSocketFactory delegate, Consumer<SSLSession> onHandshake) {
    this.delegate = delegate;
    this.onHandshake = onHandshake;
  }

  private Socket watched(Socket socket) {
    if (socket instanceof SSLSocket ssl) {
      ssl.addHandshakeCompletedListener(e -> onHandshake.accept(e.getSession()));
    }
    return socket;
  }

  @Override
  public String[] getDefaultCipherSuites() {
    return delegate.getDefaultCipherSuites();
  }

  @Override
  public String[] getSupportedCipherSuites() {
    return delegate.getSupportedCipherSuites();
  }

  @Override
  public Socket createSocket() throws IOException {
    return watched(delegate.createSocket());
  }

  @Override
  public Socket createSocket(Socket s, String host, int port, boolean autoClose)
      throws IOException {
    return watched(delegate.createSocket(s, host, port, autoClose));
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return watched(delegate.createSocket(host, port));
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort)
      throws IOException {
    return watched(delegate.createSocket(host, port, localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return watched(delegate.createSocket(host, port));
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return watched(delegate.createSocket(address, port, localAddress, localPort));
  }
}
