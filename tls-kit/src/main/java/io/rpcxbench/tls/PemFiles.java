package io.rpcxbench.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** PEM certificates and PKCS#8 keys read with the JDK alone (what every stack's end needs). */
final class PemFiles {
  private PemFiles() {}

  static List<X509Certificate> certificates(Path pem) {
    try (InputStream in = Files.newInputStream(pem)) {
      List<X509Certificate> out = new ArrayList<>();
      for (var c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        out.add((X509Certificate) c);
      }
      if (out.isEmpty()) {
        throw new TlsSetupException(pem + " holds no PEM certificate");
      }
      return out;
    } catch (IOException | GeneralSecurityException e) {
      throw new TlsSetupException(pem + " is not a readable PEM certificate: " + e.getMessage());
    }
  }

  static PrivateKey privateKey(Path pem) {
    String text;
    try {
      text = Files.readString(pem);
    } catch (IOException e) {
      throw new TlsSetupException(pem + " cannot be read: " + e.getMessage());
    }
    int begin = text.indexOf("-----BEGIN PRIVATE KEY-----");
    int end = text.indexOf("-----END PRIVATE KEY-----");
    if (begin < 0 || end < begin) {
      throw new TlsSetupException(pem + " holds no PKCS#8 key (-----BEGIN PRIVATE KEY-----)");
    }
    byte[] der = Base64.getMimeDecoder().decode(text.substring(begin + 27, end));
    for (String algorithm : new String[] {"EC", "RSA"}) {
      try {
        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
      } catch (GeneralSecurityException e) {
        // the other algorithm
      }
    }
    throw new TlsSetupException(pem + " holds a key that is neither EC nor RSA");
  }
}
