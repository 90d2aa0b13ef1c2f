package io.rpcxbench.spi;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A client's TLS settings, as PEM files: the CA it trusts for the server's certificate, and for
 * mTLS its own certificate and PKCS#8 key. Absent from {@link ClientOptions} (null): plaintext.
 *
 * <pre>{@code
 * ClientOptions tls = options.withTls(ClientTls.trusting(Path.of("tls/ca.pem")));
 * ClientOptions mtls = options.withTls(
 *     new ClientTls(Path.of("tls/ca.pem"), Path.of("tls/client.pem"), Path.of("tls/client-key.pem")));
 * }</pre>
 *
 * @param ca the CA certificate(s) the client trusts ({@code --tls-ca})
 * @param cert the client's certificate chain for mTLS, or null
 * @param key the client's PKCS#8 private key for mTLS, or null (given exactly when {@code cert} is)
 */
public record ClientTls(Path ca, Path cert, Path key) {
  public ClientTls {
    Objects.requireNonNull(ca, "ca");
    if ((cert == null) != (key == null)) {
      throw new IllegalArgumentException("a client certificate needs both its file and its key");
    }
  }

  /** Server authentication only: the client presents no certificate. */
  public static ClientTls trusting(Path ca) {
    return new ClientTls(ca, null, null);
  }

  /** Whether the client presents a certificate (mTLS). */
  public boolean presentsCertificate() {
    return cert != null;
  }

  /** "TLS" or "mTLS", for a client's {@code describe()}. */
  public String mode() {
    return presentsCertificate() ? "mTLS" : "TLS";
  }
}
