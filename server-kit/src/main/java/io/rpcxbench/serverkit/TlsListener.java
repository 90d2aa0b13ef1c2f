package io.rpcxbench.serverkit;

import java.io.IOException;
import java.net.ServerSocket;
import javax.net.ssl.SSLServerSocket;

/**
 * The listening socket of a blocking server over TLS: an unbound {@link SSLServerSocket} of the
 * kit's PEM files, client certificates required for mTLS (what Thrift's {@code
 * TSSLTransportFactory.getServerSocket} and Avro's socket server would build from a keystore).
 */
final class TlsListener {
  private TlsListener() {}

  /** Unbound; the caller binds it as it would a plain {@link ServerSocket}. */
  static ServerSocket open(ServerTls tls) throws IOException {
    SSLServerSocket socket =
        (SSLServerSocket) tls.sslContext().getServerSocketFactory().createServerSocket();
    socket.setNeedClientAuth(tls.mutual());
    return socket;
  }
}
