package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ClientTls;
import io.rpcxbench.tls.TlsFiles;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The whole {@link MessageCarrierContract} over TLS ({@code --tls} with {@code --call message}):
 * the protocol's server started with the kit's TLS from a test authority made on the spot (never
 * committed keys), its message client trusting that authority, every record round-tripping field by
 * field, the frame limit refused as in plaintext, and the client saying it speaks TLS.
 *
 * <pre>{@code
 * class RpcxMessageTlsTest extends MessageCarrierTlsContract {
 *   protected MessageCarrier provider() { return new RpcxProtocol(); }
 *   protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls) {
 *     return RpcxBenchServer.start("127.0.0.1", 0, Transport.NIO, limits, service, tls);
 *   }
 *   protected String tooLargeError() { return "UNAVAILABLE|closed"; }
 * }
 * }</pre>
 */
public abstract class MessageCarrierTlsContract extends MessageCarrierContract {
  private final TemporaryAuthorities authorities = new TemporaryAuthorities();
  private TlsFiles authority;

  /** Starts the protocol's real server on 127.0.0.1, port 0, with the kit's TLS. */
  protected abstract RunningServer startServer(
      ServerLimits limits, BenchService service, ServerTls tls) throws Exception;

  @Override
  protected final RunningServer startServer(ServerLimits limits, BenchService service)
      throws Exception {
    TlsFiles f = files();
    return startServer(limits, service, new ServerTls(f.serverCert(), f.serverKey(), null));
  }

  /** Trusting the test authority, with the TLS connect deadline (handshakes of 8 threads). */
  @Override
  protected ClientOptions options(int port) {
    ClientOptions plain = super.options(port);
    return new ClientOptions(
            plain.host(),
            port,
            plain.callTimeout(),
            BenchClientTlsContract.TLS_CONNECT_TIMEOUT,
            plain.threads())
        .withTls(ClientTls.trusting(files().ca()));
  }

  @Test
  void theClientSaysItSpeaksTls() {
    assertThat(client().describe()).contains("TLS");
  }

  @AfterAll
  void deleteTheTestAuthority() throws IOException {
    authorities.delete();
  }

  private synchronized TlsFiles files() {
    if (authority == null) {
      authority = authorities.create("ours");
    }
    return authority;
  }
}
