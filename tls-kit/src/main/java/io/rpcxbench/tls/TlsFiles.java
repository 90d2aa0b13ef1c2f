package io.rpcxbench.tls;

import java.nio.file.Path;

/**
 * The PEM files of one test authority: its CA certificate (what clients trust), the server's
 * certificate and PKCS#8 key, and a client certificate and key for mTLS.
 */
public record TlsFiles(Path ca, Path serverCert, Path serverKey, Path clientCert, Path clientKey) {
  /** The files {@link TestAuthority#create} writes into {@code dir}. */
  public static TlsFiles in(Path dir) {
    return new TlsFiles(
        dir.resolve("ca.pem"),
        dir.resolve("server.pem"),
        dir.resolve("server-key.pem"),
        dir.resolve("client.pem"),
        dir.resolve("client-key.pem"));
  }
}
