package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.tls.TlsFiles;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The whole {@link BenchClientContract} over TLS, through the protocol's own TLS on both ends, with
 * a test authority made on the spot in a temporary folder (never committed keys), plus what TLS
 * adds: the client says what it negotiated, a client that trusts another CA fails with one clear
 * line ({@code TlsContexts.explain}), an mTLS server refuses a client without a certificate and
 * serves one with it, and a TLS server gives a plaintext client no answer.
 *
 * <pre>{@code
 * class ThriftTlsClientTest extends BenchClientTlsContract {
 *   protected ProtocolProvider provider() { return new ThriftProtocol(); }
 *   protected RunningServer startServer(int port, ServerTls tls) {
 *     return ThriftServer.start("127.0.0.1", port, ServerLimits.defaults(), new BenchLogic(), tls);
 *   }
 * }
 * }</pre>
 */
public abstract class BenchClientTlsContract extends BenchClientContract {
  private static final Duration NO_HANG = Duration.ofSeconds(30);

  /**
   * The TLS clients' connect deadline: longer than the plaintext contract's, because some stacks
   * (the JDK's HttpClient) count the handshake in it, and 64 threads opening their connections at
   * once make 64 handshakes on both ends together, which took over 2 s on a shared 2-vCPU box.
   */
  protected static final Duration TLS_CONNECT_TIMEOUT = Duration.ofSeconds(10);

  private final TemporaryAuthorities authorities = new TemporaryAuthorities();
  private TlsFiles authority;
  private TlsFiles stranger;

  /**
   * Starts the protocol's real server on 127.0.0.1 (port 0: one the OS chooses) as its server main
   * does with the kit's TLS options.
   *
   * @param tls null: plaintext
   */
  protected abstract RunningServer startServer(int port, ServerTls tls) throws Exception;

  /** The contract's servers serve TLS without client certificates. */
  @Override
  protected final RunningServer startServer(int port) throws Exception {
    return startServer(port, serverTls(false));
  }

  /** The contract's clients trust the test CA and present no certificate. */
  @Override
  protected ClientOptions clientOptions(int port) {
    return tlsOptions(port).withTls(ClientTls.trusting(files().ca()));
  }

  /** The contract's options with the TLS connect deadline, still plaintext. */
  protected static ClientOptions tlsOptions(int port) {
    ClientOptions plain = options(port);
    return new ClientOptions(
        plain.host(), port, plain.callTimeout(), TLS_CONNECT_TIMEOUT, plain.threads());
  }

  /**
   * Whether the client reports its negotiated session ({@code BenchClient.tlsSession()}); false
   * only where the stack hides it, said in the subclass.
   */
  protected boolean exposesTlsSession() {
    return true;
  }

  /**
   * What a client without a certificate says when an mTLS server refuses it. Under TLS 1.3 the
   * client's handshake ends before the server checks its certificate, so a client learns of the
   * refusal only from the server's alert on its next read: a stack that reads reports {@code
   * TlsContexts.explain}'s line (the default); one that may write again first may meet the closed
   * connection instead, and its subclass adds what it says then.
   */
  protected List<String> refusalsWithoutCertificate() {
    return List.of(
        "TLS handshake failed: the server requires a client certificate it trusts",
        "does it require a client certificate?");
  }

  /** The test authority's files (made on first use). */
  protected final synchronized TlsFiles files() {
    if (authority == null) {
      authority = authorities.create("ours");
      stranger = authorities.create("stranger");
    }
    return authority;
  }

  /** The server's TLS from the test authority; {@code mutual}: clients signed by its CA only. */
  protected final ServerTls serverTls(boolean mutual) {
    TlsFiles f = files();
    return new ServerTls(f.serverCert(), f.serverKey(), mutual ? f.ca() : null);
  }

  @AfterAll
  void deleteTheTestAuthority() throws IOException {
    authorities.delete();
  }

  @Test
  void theClientSaysItSpeaksTlsAndWhatItNegotiated() {
    assertThat(client().hello("tls")).isEqualTo("hello, tls");
    assertThat(client().describe()).contains("TLS");
    if (exposesTlsSession()) {
      assertThat(client().tlsSession())
          .hasValueSatisfying(s -> assertThat(s).matches("TLSv1\\.[23] TLS_[A-Z0-9_]+"));
    }
  }

  @Test
  void aClientTrustingAnotherCaFailsWithOneClearLine() {
    ClientOptions wrongCa = tlsOptions(server().port()).withTls(ClientTls.trusting(stranger.ca()));
    assertThat(failureOf(wrongCa))
        .contains(
            "TLS handshake failed: the server's certificate is not signed by the CA this client"
                + " trusts")
        .doesNotContain("\n");
  }

  @Test
  void mutualTlsRefusesAClientWithoutACertificateAndServesOneWithIt() throws Exception {
    RunningServer mutual = startServer(0, serverTls(true));
    try {
      ClientOptions noCertificate = clientOptions(mutual.port());
      assertThat(failureOf(noCertificate))
          .containsAnyOf(refusalsWithoutCertificate().toArray(String[]::new))
          .doesNotContain("\n");
      TlsFiles f = files();
      ClientOptions withCertificate =
          tlsOptions(mutual.port()).withTls(new ClientTls(f.ca(), f.clientCert(), f.clientKey()));
      try (BenchClient c = provider().open(withCertificate)) {
        assertThat(c.hello("mtls")).isEqualTo("hello, mtls");
        assertThat(c.describe()).contains("mTLS");
      }
    } finally {
      mutual.close();
    }
  }

  @Test
  void aTlsServerGivesAPlaintextClientNoAnswer() {
    String failure = failureOf(options(server().port()));
    assertThat(failure).isNotNull();
  }

  /** The message of the first failure of a fresh client with these options (open or a call). */
  private String failureOf(ClientOptions options) {
    return assertTimeoutPreemptively(
        NO_HANG,
        () -> {
          try (BenchClient c = provider().open(options)) {
            BenchClient probe = c.forProbe(CONNECT_TIMEOUT);
            String reply = probe.hello("x");
            throw new AssertionError("the call succeeded: " + reply);
          } catch (RuntimeException e) {
            return String.valueOf(e.getMessage());
          }
        });
  }
}
