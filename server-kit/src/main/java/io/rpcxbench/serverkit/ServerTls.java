package io.rpcxbench.serverkit;

import io.rpcxbench.tls.TlsContexts;
import java.nio.file.Path;
import java.util.Objects;
import javax.net.ssl.SSLContext;

/**
 * A server's TLS, from the kit's {@code --tls-cert FILE --tls-key FILE [--tls-client-ca FILE]}: the
 * server serves TLS only, with this certificate, and with a client CA requires every client to
 * present a certificate signed by it (mTLS). Each protocol's server hands it to its stack's own TLS
 * (Netty's {@code SslHandler}, grpc-java, Tomcat, an {@code SSLServerSocket}); null is plaintext.
 *
 * <pre>{@code
 * ServerMain.run(DEFINITION,
 *     ServerStarter.secured((bind, port, extra, limits, service, tls) ->
 *         MyServer.start(bind, port, limits, service, tls == null ? null : tls.sslContext())),
 *     args);
 * }</pre>
 *
 * @param cert the server's PEM certificate (chain)
 * @param key its PKCS#8 PEM key
 * @param clientCa the PEM CA that signs the clients' certificates; null: no client certificate
 *     asked for
 */
public record ServerTls(Path cert, Path key, Path clientCa) {
  public ServerTls {
    Objects.requireNonNull(cert, "cert");
    Objects.requireNonNull(key, "key");
  }

  /** Whether clients must present a certificate signed by {@link #clientCa()}. */
  public boolean mutual() {
    return clientCa != null;
  }

  /**
   * The JDK context of these files (what every stack here builds its TLS from).
   *
   * @throws io.rpcxbench.tls.TlsSetupException with one line when a file cannot be used
   */
  public SSLContext sslContext() {
    return TlsContexts.server(cert, key, clientCa);
  }

  /** One line for the server's log: what it serves and what it asks of clients. */
  public String describe() {
    SSLContext context = sslContext();
    return describe(
        String.join(",", context.getDefaultSSLParameters().getProtocols())
            + " (JDK "
            + context.getProvider().getName()
            + ")");
  }

  /**
   * As {@link #describe()}, for a server whose TLS another stack serves ({@link
   * RunningServer#tlsStack()}): its protocol versions and name.
   */
  public String describe(String stack) {
    return (mutual() ? "mTLS" : "TLS")
        + " only, certificate "
        + cert
        + (mutual() ? ", clients signed by " + clientCa : ", no client certificate")
        + "; "
        + stack;
  }
}
