package io.rpcxbench.protocols.resp;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;
import java.util.List;

/**
 * Jedis's SSL against a real redis-server's {@code tls-port} (OpenSSL), started as the server jar
 * starts it: the client contract over TLS. Skipped without redis-server.
 */
class RespRedisJedisTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new RespRedisProtocol();
  }

  /** As against our server: Jedis writes before it reads the server's alert (a race). */
  @Override
  protected List<String> refusalsWithoutCertificate() {
    return List.of(
        "TLS handshake failed: the server requires a client certificate it trusts",
        "the server closed the connection after the TLS handshake (",
        "the server closed the connection during the TLS handshake (");
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) throws Exception {
    RedisInstalled.assume();
    return RedisServerChild.start(
        "127.0.0.1",
        port,
        new RedisConfig(ServerLimits.defaults(), tls, RedisConfig.DEFAULT_MAX_MEMORY),
        code -> {});
  }
}
