package io.rpcxbench.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real handshakes on loopback between the contexts built from generated files. */
class TlsContextsTest {
  @TempDir Path dir;

  private TlsFiles authority(String name) {
    return TestAuthority.create(dir.resolve(name), List.of("localhost", "127.0.0.1"));
  }

  /** One echo of a byte over TLS; returns the client's negotiated session as described. */
  private static String call(
      SSLContext server, boolean needClientAuth, SSLContext client, String host) throws Exception {
    try (SSLServerSocket listener =
        (SSLServerSocket)
            server
                .getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
      listener.setNeedClientAuth(needClientAuth);
      CompletableFuture<Void> served =
          CompletableFuture.runAsync(
              () -> {
                try (Socket s = listener.accept()) {
                  s.getOutputStream().write(s.getInputStream().read());
                } catch (IOException e) {
                  // the client's handshake failed: the client reports it
                }
              });
      try (SSLSocket s =
          (SSLSocket) client.getSocketFactory().createSocket(host, listener.getLocalPort())) {
        SSLParameters p = s.getSSLParameters();
        p.setEndpointIdentificationAlgorithm("HTTPS"); // the host name is checked, as HTTPS does
        s.setSSLParameters(p);
        s.getOutputStream().write(42);
        assertThat(s.getInputStream().read()).isEqualTo(42);
        served.join();
        return TlsContexts.describe(s.getSession());
      }
    }
  }

  @Test
  void aClientTrustingTheCaCallsTheServerAndRecordsTheSession() throws Exception {
    TlsFiles f = authority("a");
    String session =
        call(
            TlsContexts.server(f.serverCert(), f.serverKey(), null),
            false,
            TlsContexts.client(f.ca(), null, null),
            "127.0.0.1");
    assertThat(session).matches("TLSv1\\.[23] TLS_\\w+");
    assertThat(
            call(
                TlsContexts.server(f.serverCert(), f.serverKey(), null),
                false,
                TlsContexts.client(f.ca(), null, null),
                "localhost"))
        .startsWith("TLSv1.");
  }

  @Test
  void aClientWithTheWrongCaFailsWithOneLine() {
    TlsFiles ours = authority("ours");
    TlsFiles theirs = authority("theirs");
    assertThatThrownBy(
            () ->
                call(
                    TlsContexts.server(ours.serverCert(), ours.serverKey(), null),
                    false,
                    TlsContexts.client(theirs.ca(), null, null),
                    "127.0.0.1"))
        .satisfies(
            e ->
                assertThat(TlsContexts.explain(e))
                    .isEqualTo(
                        "TLS handshake failed: the server's certificate is not signed by the CA this client trusts (check --tls-ca)"));
  }

  @Test
  void mtlsRefusesAClientWithoutACertificateAndAcceptsOneWithIt() throws Exception {
    TlsFiles f = authority("m");
    SSLContext server = TlsContexts.server(f.serverCert(), f.serverKey(), f.ca());
    // TLS 1.3: the client's side of the handshake ends before the server judges its
    // certificate, so the client sees a closed connection; the server knows why
    try (SSLServerSocket listener =
        (SSLServerSocket)
            server
                .getServerSocketFactory()
                .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
      listener.setNeedClientAuth(true);
      CompletableFuture<Throwable> refused =
          CompletableFuture.supplyAsync(
              () -> {
                try (SSLSocket s = (SSLSocket) listener.accept()) {
                  s.startHandshake();
                  s.getInputStream().read();
                  return null;
                } catch (IOException e) {
                  return e;
                }
              });
      try (SSLSocket s =
          (SSLSocket)
              TlsContexts.client(f.ca(), null, null)
                  .getSocketFactory()
                  .createSocket("127.0.0.1", listener.getLocalPort())) {
        assertThatThrownBy(
                () -> {
                  s.getOutputStream().write(1);
                  s.getOutputStream().flush();
                  s.getInputStream().read();
                })
            .isInstanceOf(IOException.class);
      }
      assertThat(TlsContexts.explain(refused.get())).contains("requires a client certificate");
    }
    assertThat(
            call(
                server,
                true,
                TlsContexts.client(f.ca(), f.clientCert(), f.clientKey()),
                "127.0.0.1"))
        .startsWith("TLSv1.");
  }

  @Test
  void keysAreTheOwnersOnlyAndNothingHalfWrittenStays() throws Exception {
    TlsFiles f = authority("k");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f.serverKey())))
        .isEqualTo("rw-------");
    assertThat(Files.readString(f.serverKey())).startsWith("-----BEGIN PRIVATE KEY-----");
    try (var files = Files.list(dir.resolve("k"))) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder(
              "ca.pem", "server.pem", "server-key.pem", "client.pem", "client-key.pem");
    }
  }

  @Test
  void unusableFilesAreOneLine() throws Exception {
    Path junk = Files.writeString(dir.resolve("junk.pem"), "hello");
    assertThatThrownBy(() -> TlsContexts.client(junk, null, null))
        .isInstanceOf(TlsSetupException.class)
        .hasMessageContaining("junk.pem");
    TlsFiles f = authority("j");
    assertThatThrownBy(() -> TlsContexts.server(f.serverCert(), f.serverCert(), null))
        .isInstanceOf(TlsSetupException.class)
        .hasMessageContaining("holds no PKCS#8 key");
  }
}
