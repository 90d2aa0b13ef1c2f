package io.rpcxbench.tls;

import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * The JDK {@link SSLContext} of each end, built from PEM files: a client trusts the CA given (and
 * presents a certificate for mTLS when given one); a server presents its certificate (and requires
 * clients signed by {@code clientCa} when given one). Stacks with their own TLS configuration
 * (Netty's SslContextBuilder, grpc-java, Tomcat) read the same files.
 */
public final class TlsContexts {
  private static final char[] NO_PASSWORD = new char[0];

  private TlsContexts() {}

  /**
   * {@code cert} and {@code key} null: no client certificate. While a {@link TlsSessionSharing} is
   * open, the one context of these files that it shares (so sessions resume across clients).
   */
  public static SSLContext client(Path ca, Path cert, Path key) {
    TlsSessionSharing sharing = TlsSessionSharing.current();
    if (sharing != null) {
      return sharing.client(ca, cert, key);
    }
    return context(cert == null ? null : keyStore(cert, key), trustStore(ca), t -> t);
  }

  /** A client context whose trust managers pass through {@code trust} (the sharing's counter). */
  static SSLContext clientCounting(
      Path ca, Path cert, Path key, UnaryOperator<TrustManager[]> trust) {
    return context(cert == null ? null : keyStore(cert, key), trustStore(ca), trust);
  }

  /** {@code clientCa} null: no client certificate asked for. */
  public static SSLContext server(Path cert, Path key, Path clientCa) {
    return context(keyStore(cert, key), clientCa == null ? null : trustStore(clientCa), t -> t);
  }

  /** "TLSv1.3 TLS_AES_128_GCM_SHA256": what a run records of its negotiated session. */
  public static String describe(SSLSession session) {
    return session.getProtocol() + " " + session.getCipherSuite();
  }

  /**
   * The client side's parameters of every stack here: the server's certificate must name the host
   * called ({@code "HTTPS"} endpoint identification, as browsers and gRPC check it). A stack that
   * takes {@link SSLParameters} or an engine applies them; the JDK's HttpClient and grpc-java check
   * the name themselves.
   */
  public static SSLParameters checkingHostName(SSLParameters parameters) {
    parameters.setEndpointIdentificationAlgorithm("HTTPS");
    return parameters;
  }

  /**
   * {@link #explain} of a failure whose causes hold a TLS error (an {@link SSLException}, or a
   * stack's own "not a TLS record"); empty for any other failure, which the caller reports as
   * usual. What a client puts in its exception instead of the JSSE stack.
   */
  public static Optional<String> handshakeFailure(Throwable failure) {
    for (Throwable c = failure; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof SSLException
          || c.getClass().getSimpleName().equals("NotSslRecordException")) {
        return Optional.of(explain(c));
      }
    }
    return Optional.empty();
  }

  /**
   * One line for a TLS connection the server closed under a client that presents no certificate:
   * under TLS 1.3 the client's handshake ends before the server checks for one, so a client that
   * writes before it reads meets the closed connection (broken pipe, reset) instead of the alert.
   * Empty when {@code failure} holds no socket failure.
   */
  public static Optional<String> closedWithoutCertificate(Throwable failure) {
    for (Throwable c = failure; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof java.net.SocketException
          || c instanceof java.io.EOFException
          || (c instanceof java.io.IOException
              && URL_CONNECTION_WRITE_FAILED.equals(c.getMessage()))) {
        return Optional.of(
            "the server closed the TLS connection ("
                + c.getMessage()
                + "): "
                + CERTIFICATE_QUESTION);
      }
    }
    return Optional.empty();
  }

  /**
   * {@code HttpsURLConnection}'s own word for a request body it could not write: it keeps the
   * socket's failure to itself, so the refusal reaches its caller as a bare {@code IOException}.
   */
  public static final String URL_CONNECTION_WRITE_FAILED = "Error writing request body to server";

  /** What {@link #closedWithoutCertificate} asks. */
  public static final String CERTIFICATE_QUESTION =
      "does it require a client certificate? (mTLS: --tls-cert and --tls-key)";

  /** One line for a failed handshake: what the user can check, not the JSSE stack. */
  public static String explain(Throwable failure) {
    String all = chain(failure);
    if (all.contains("PKIX path") || all.contains("unable to find valid certification path")) {
      return "TLS handshake failed: the server's certificate is not signed by the CA this client trusts (check --tls-ca)";
    }
    if (all.contains("No subject alternative")
        || all.contains("doesn't match any of the subject alternative names")) {
      return "TLS handshake failed: the server's certificate does not name the host called (make it for that name or address)";
    }
    if (all.contains("bad_certificate")
        || all.contains("certificate_required")
        || all.contains("Empty client certificate chain")) {
      return "TLS handshake failed: the server requires a client certificate it trusts (mTLS: --tls-cert and --tls-key)";
    }
    if (all.contains("Unsupported or unrecognized SSL message")
        || all.contains("plaintext connection")
        || all.contains("not an SSL/TLS record")) {
      return "TLS handshake failed: the other end does not speak TLS (start both ends with --tls, or neither)";
    }
    return "TLS handshake failed: " + failure.getMessage();
  }

  private static String chain(Throwable t) {
    StringBuilder s = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      s.append(c.getMessage()).append(' ');
    }
    return s.toString();
  }

  private static SSLContext context(
      KeyStore keys, KeyStore trust, UnaryOperator<TrustManager[]> trustManagers) {
    try {
      KeyManagerFactory kmf = null;
      if (keys != null) {
        kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, NO_PASSWORD);
      }
      TrustManagerFactory tmf = null;
      if (trust != null) {
        tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
      }
      SSLContext c = SSLContext.getInstance("TLS");
      c.init(
          kmf == null ? null : kmf.getKeyManagers(),
          tmf == null ? null : trustManagers.apply(tmf.getTrustManagers()),
          null);
      return c;
    } catch (GeneralSecurityException e) {
      throw new TlsSetupException("TLS set-up failed: " + e.getMessage());
    }
  }

  private static KeyStore keyStore(Path cert, Path key) {
    List<X509Certificate> chain = PemFiles.certificates(cert);
    try {
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(null, null);
      ks.setKeyEntry(
          "key", PemFiles.privateKey(key), NO_PASSWORD, chain.toArray(X509Certificate[]::new));
      return ks;
    } catch (GeneralSecurityException | java.io.IOException e) {
      throw new TlsSetupException(key + " does not match " + cert + ": " + e.getMessage());
    }
  }

  private static KeyStore trustStore(Path ca) {
    try {
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(null, null);
      int i = 0;
      for (X509Certificate c : PemFiles.certificates(ca)) {
        ks.setCertificateEntry("ca-" + i++, c);
      }
      return ks;
    } catch (GeneralSecurityException | java.io.IOException e) {
      throw new TlsSetupException(ca + " cannot be trusted: " + e.getMessage());
    }
  }
}
