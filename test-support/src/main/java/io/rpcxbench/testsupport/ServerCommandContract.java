package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.ServerCommand;
import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerMain;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.tls.TestAuthority;
import io.rpcxbench.tls.TlsContexts;
import io.rpcxbench.tls.TlsFiles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A server's command line in-process, as its {@code main} builds it with the server kit: help, the
 * ready line with the bound port, a busy port (one line, exit 1), an unknown option (exit 2), the
 * TLS options (a server with TLS serves it, one without refuses them with exit 2). One subclass per
 * server; the fat jar is checked the same way for every server of the catalog by client-harness's
 * CatalogContractIT.
 *
 * <pre>{@code
 * class ThriftServerMainTest extends ServerCommandContract {
 *   protected ServerDefinition definition() { return ThriftServerMain.DEFINITION; }
 *   protected ServerStarter starter() { return (bind, port, extra) -> ThriftServer.start(bind, port); }
 * }
 * }</pre>
 */
public abstract class ServerCommandContract {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  /** What the server's main tells the kit. */
  protected abstract ServerDefinition definition();

  /** How the server's main starts it. */
  protected abstract ServerStarter starter();

  /** The server's own option objects, as its main passes them (default: none). */
  protected Object[] ownOptions() {
    return new Object[0];
  }

  /**
   * Whether this server serves the kit's TLS options; false: it refuses them with one line and exit
   * 2 (default: whether its starter takes them).
   */
  protected boolean servesTls() {
    return starter().takesTls();
  }

  /** What stdout of the last run printed. */
  protected String out() {
    return out.toString();
  }

  /** Runs the command line; the server it starts is left to {@link ServerCommand#stop()}. */
  protected int run(ServerCommand command, String... args) {
    CommandLine cli = ServerMain.commandLine(command, ownOptions());
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  protected ServerCommand command() {
    return new ServerCommand(definition(), starter(), false);
  }

  @Test
  void helpExitsZero() {
    assertThat(run(command(), "--help")).isZero();
    assertThat(out()).contains(definition().id() + "-server").contains("--bind").contains("--port");
  }

  @Test
  void printsTheReadyLineWithTheBoundPort() {
    ServerCommand command = command();
    try {
      assertThat(run(command, "--bind", "127.0.0.1", "--port", "0")).as(err.toString()).isZero();
      assertThat(out().trim())
          .isEqualTo(definition().id() + " listening on 127.0.0.1:" + command.boundPort());
    } finally {
      command.stop();
    }
  }

  @Test
  void aBusyPortIsOneLineAndExitOne() throws Exception {
    try (ServerSocket busy = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
      int port = busy.getLocalPort();
      assertThat(run(command(), "--bind", "127.0.0.1", "--port", String.valueOf(port)))
          .isEqualTo(1);
      assertThat(err.toString().trim())
          .endsWith(
              definition().id()
                  + ": cannot listen on 127.0.0.1:"
                  + port
                  + ": address already in use");
      assertThat(out()).isEmpty();
    }
  }

  @Test
  void unknownOptionsAndBadPortsAreUsageErrors() {
    assertThat(run(command(), "--no-such-option")).isEqualTo(2);
    assertThat(run(command(), "--port", "70000")).isEqualTo(2);
    assertThat(err.toString())
        .contains("unknown argument --no-such-option")
        .contains("--port must be 0..65535, got 70000");
  }

  @Test
  void tlsOptionsServeTlsOrAreRefusedWithOneLine(@TempDir Path dir) throws Exception {
    TlsFiles files = TestAuthority.create(dir, List.of("localhost", "127.0.0.1"));
    String[] args = {
      "--bind",
      "127.0.0.1",
      "--port",
      "0",
      "--tls-cert",
      files.serverCert().toString(),
      "--tls-key",
      files.serverKey().toString()
    };
    ServerCommand command = command();
    if (!servesTls()) {
      assertThat(run(command, args)).isEqualTo(2);
      assertThat(err.toString()).contains(definition().id() + ": error: ").contains("no TLS wired");
      assertThat(out()).isEmpty();
      return;
    }
    try {
      assertThat(run(command, args)).as(err.toString()).isZero();
      assertThat(err.toString()).contains(definition().id() + ": TLS only, certificate ");
      try (SSLSocket s =
          (SSLSocket)
              TlsContexts.client(files.ca(), null, null)
                  .getSocketFactory()
                  .createSocket("127.0.0.1", command.boundPort())) {
        SSLParameters p = TlsContexts.checkingHostName(s.getSSLParameters());
        p.setApplicationProtocols(new String[] {"h2", "http/1.1"}); // gRPC asks for h2
        s.setSSLParameters(p);
        s.startHandshake();
        assertThat(TlsContexts.describe(s.getSession())).startsWith("TLSv1.");
      }
    } finally {
      command.stop();
    }
  }

  @Test
  void aTlsKeyWithoutItsCertificateIsAUsageError(@TempDir Path dir) {
    TlsFiles files = TestAuthority.create(dir, List.of("127.0.0.1"));
    assertThat(run(command(), "--port", "0", "--tls-key", files.serverKey().toString()))
        .isEqualTo(2);
  }
}
