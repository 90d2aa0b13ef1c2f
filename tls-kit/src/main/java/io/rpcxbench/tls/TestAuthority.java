package io.rpcxbench.tls;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A certificate authority made on the spot for one experiment, so no key is ever committed: an EC
 * P-256 CA, a server certificate for the host names and addresses given, and a client certificate
 * for mTLS, valid for 30 days, written as PEM (keys as PKCS#8, readable by the owner only).
 *
 * <pre>
 *   TlsFiles files = TestAuthority.create(dir, List.of("localhost", "127.0.0.1", "198.18.0.2"));
 *   SSLContext client = TlsContexts.client(files.ca(), null, null);
 * </pre>
 */
public final class TestAuthority {
  private static final Duration VALIDITY = Duration.ofDays(30);
  private static final String SIGNATURE = "SHA256withECDSA";

  private TestAuthority() {}

  public static TlsFiles create(Path dir, List<String> serverNames) {
    if (serverNames.isEmpty()) {
      throw new IllegalArgumentException(
          "a server certificate needs at least one host name or address");
    }
    try {
      Files.createDirectories(dir);
      TlsFiles files = TlsFiles.in(dir);
      KeyPair caKeys = keyPair();
      X500Name caName = new X500Name("CN=rpcx-bench test CA " + Instant.now());
      X509Certificate ca = sign(caName, caKeys, caName, caKeys.getPublic(), null, true, null);
      KeyPair serverKeys = keyPair();
      X509Certificate server =
          sign(
              caName,
              caKeys,
              new X500Name("CN=" + serverNames.get(0)),
              serverKeys.getPublic(),
              names(serverNames),
              false,
              KeyPurposeId.id_kp_serverAuth);
      KeyPair clientKeys = keyPair();
      X509Certificate client =
          sign(
              caName,
              caKeys,
              new X500Name("CN=rpcx-bench client"),
              clientKeys.getPublic(),
              null,
              false,
              KeyPurposeId.id_kp_clientAuth);
      write(files.ca(), pem(ca), false);
      write(files.serverCert(), pem(server), false);
      write(files.serverKey(), pem(serverKeys.getPrivate()), true);
      write(files.clientCert(), pem(client), false);
      write(files.clientKey(), pem(clientKeys.getPrivate()), true);
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException | OperatorCreationException e) {
      throw new IllegalStateException("could not make the test certificates: " + e.getMessage(), e);
    }
  }

  private static KeyPair keyPair() throws GeneralSecurityException {
    KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
    g.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
    return g.generateKeyPair();
  }

  private static GeneralNames names(List<String> hosts) {
    List<GeneralName> out = new ArrayList<>();
    for (String h : hosts) {
      boolean address = h.matches("[0-9.]+") || h.contains(":");
      out.add(new GeneralName(address ? GeneralName.iPAddress : GeneralName.dNSName, h));
    }
    return new GeneralNames(out.toArray(GeneralName[]::new));
  }

  private static X509Certificate sign(
      X500Name issuer,
      KeyPair issuerKeys,
      X500Name subject,
      java.security.PublicKey subjectKey,
      GeneralNames altNames,
      boolean isCa,
      KeyPurposeId purpose)
      throws GeneralSecurityException, OperatorCreationException, IOException {
    Instant now = Instant.now();
    JcaX509v3CertificateBuilder b =
        new JcaX509v3CertificateBuilder(
            issuer,
            new BigInteger(64, new SecureRandom()).abs().add(BigInteger.ONE),
            Date.from(now.minus(Duration.ofHours(1))),
            Date.from(now.plus(VALIDITY)),
            subject,
            subjectKey);
    JcaX509ExtensionUtils ext = new JcaX509ExtensionUtils();
    b.addExtension(Extension.basicConstraints, true, new BasicConstraints(isCa));
    b.addExtension(
        Extension.subjectKeyIdentifier, false, ext.createSubjectKeyIdentifier(subjectKey));
    b.addExtension(
        Extension.authorityKeyIdentifier,
        false,
        ext.createAuthorityKeyIdentifier(issuerKeys.getPublic()));
    if (isCa) {
      b.addExtension(
          Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
    } else {
      b.addExtension(
          Extension.keyUsage,
          true,
          new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement));
      b.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purpose));
    }
    if (altNames != null) {
      b.addExtension(Extension.subjectAlternativeName, false, altNames);
    }
    X509CertificateHolder holder =
        b.build(new JcaContentSignerBuilder(SIGNATURE).build(issuerKeys.getPrivate()));
    return new JcaX509CertificateConverter().getCertificate(holder);
  }

  private static String pem(Object o) throws IOException {
    StringWriter s = new StringWriter();
    try (JcaPEMWriter w = new JcaPEMWriter(s)) {
      w.writeObject(
          o instanceof java.security.PrivateKey k
              ? new org.bouncycastle.openssl.jcajce.JcaPKCS8Generator(k, null)
              : o);
    }
    return s.toString();
  }

  /** Written whole or not at all (a temp file, then a rename); keys readable by the owner only. */
  private static void write(Path file, String text, boolean secret) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, text);
    if (secret && Files.getFileStore(tmp).supportsFileAttributeView("posix")) {
      Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
    }
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
