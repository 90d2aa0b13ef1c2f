package io.rpcxbench.protocols.amqp;

import io.rpcxbench.serverkit.ServerTls;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;

/**
 * Qpid Broker-J's initial configuration for AMQPS: the AMQP port on the server's address speaks TLS
 * only ({@code "transports": ["SSL"]}) with the kit's certificate, and for mTLS needs a client
 * certificate signed by the client CA ({@code needClientAuth}, a {@code NonJavaTrustStore} of the
 * PEM CA); the server's own consumers, in the same JVM, use a second, plaintext port on 127.0.0.1.
 * The key store is a {@code FileKeyStore} of a PKCS#12 file written into the broker's work folder
 * from the PEM files: Qpid 9.2.1's {@code NonJavaKeyStore} reads RSA keys only (its {@code
 * SSLUtil.readPrivateKey} asks for an "RSA" {@code KeyFactory}), and the test authority's keys are
 * EC.
 */
final class QpidTls {
  private QpidTls() {}

  /** Writes the key store and the configuration into {@code work}; returns the configuration. */
  static Path configure(ServerTls tls, Path work) throws IOException {
    String password = password();
    Path keyStore = work.resolve("server-key.p12");
    writeKeyStore(tls, keyStore, password.toCharArray());
    String trust =
        tls.mutual()
            ? """
              "truststores": [
                { "name": "client-ca", "type": "NonJavaTrustStore", "certificatesUrl": %s }
              ],
              """
                .formatted(json(tls.clientCa().toAbsolutePath().toUri().toString()))
            : "";
    String clientAuth =
        tls.mutual() ? "\"trustStores\": [ \"client-ca\" ], \"needClientAuth\": true," : "";
    String config =
        """
        {
          "name": "rpcx-bench",
          "modelVersion": "9.1",
          "authenticationproviders": [
            {
              "name": "plain",
              "type": "Plain",
              "secureOnlyMechanisms": [],
              "users": [ { "name": "${rpcxbench.user}", "password": "${rpcxbench.password}",
                           "type": "managed" } ]
            }
          ],
          "keystores": [
            { "name": "server-key", "type": "FileKeyStore", "keyStoreType": "PKCS12",
              "storeUrl": %s, "password": %s }
          ],
          %s
          "ports": [
            {
              "name": "AMQPS",
              "port": "${qpid.amqp_port}",
              "bindingAddress": "${rpcxbench.bind}",
              "protocols": [ "AMQP_0_9_1" ],
              "transports": [ "SSL" ],
              "keyStore": "server-key",
              %s
              "authenticationProvider": "plain",
              "virtualhostaliases": [ { "name": "defaultAlias", "type": "defaultAlias" } ]
            },
            {
              "name": "AMQP-consumers",
              "port": "${rpcxbench.consumer_port}",
              "bindingAddress": "127.0.0.1",
              "protocols": [ "AMQP_0_9_1" ],
              "authenticationProvider": "plain",
              "virtualhostaliases": [ { "name": "defaultAlias", "type": "defaultAlias" } ]
            }
          ],
          "virtualhostnodes": [
            {
              "name": "default",
              "type": "Memory",
              "defaultVirtualHostNode": "true",
              "virtualHostInitialConfiguration": "{\\"type\\": \\"Memory\\"}"
            }
          ]
        }
        """
            .formatted(json(keyStore.toUri().toString()), json(password), trust, clientAuth);
    Path file = work.resolve("qpid-initial-config-tls.json");
    Files.writeString(file, config);
    return file;
  }

  /** The PEM certificate chain and PKCS#8 key as a PKCS#12 file, readable by its owner only. */
  private static void writeKeyStore(ServerTls tls, Path file, char[] password) throws IOException {
    try {
      List<? extends Certificate> chain;
      try (InputStream in = Files.newInputStream(tls.cert())) {
        chain = List.copyOf(CertificateFactory.getInstance("X.509").generateCertificates(in));
      }
      String pem = Files.readString(tls.key(), StandardCharsets.US_ASCII);
      String base64 = pem.replaceAll("-----(BEGIN|END) PRIVATE KEY-----", "").replaceAll("\\s", "");
      String algorithm = chain.get(0).getPublicKey().getAlgorithm();
      PrivateKey key =
          KeyFactory.getInstance(algorithm)
              .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry("server", key, password, chain.toArray(Certificate[]::new));
      Files.createFile(
          file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      try (OutputStream out = Files.newOutputStream(file)) {
        store.store(out, password);
      }
    } catch (GeneralSecurityException | IllegalArgumentException | IndexOutOfBoundsException e) {
      throw new IOException(
          "Qpid's key store from " + tls.cert() + " and " + tls.key() + ": " + e.getMessage(), e);
    }
  }

  private static String password() {
    byte[] random = new byte[18];
    new SecureRandom().nextBytes(random);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
  }

  /** A JSON string literal. */
  private static String json(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
