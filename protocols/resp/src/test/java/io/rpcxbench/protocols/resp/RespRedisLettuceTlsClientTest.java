package io.rpcxbench.protocols.resp;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

/**
 * Lettuce's TLS (SslOptions) against a real redis-server's {@code tls-port} (OpenSSL), started as
 * the server jar starts it: the client contract over TLS. Skipped without redis-server.
 */
class RespRedisLettuceTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new RespLettuceRedisProtocol();
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
