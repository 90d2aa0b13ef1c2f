package io.rpcxbench.protocols.resp;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;
import java.util.List;

/** Jedis's SSL against our server's Netty SslHandler: the client contract over TLS. */
class RespJedisTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new RespProtocol();
  }

  /**
   * Jedis writes its {@code CLIENT SETINFO} commands before it reads, so the write may meet the
   * connection the mTLS server closed (broken pipe) before the server's alert is read: a race.
   */
  @Override
  protected List<String> refusalsWithoutCertificate() {
    return List.of(
        "TLS handshake failed: the server requires a client certificate it trusts",
        "the server closed the connection after the TLS handshake (",
        "the server closed the connection during the TLS handshake (");
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) throws Exception {
    return RespServer.start("127.0.0.1", port, ServerLimits.defaults(), new BenchLogic(), tls);
  }
}
