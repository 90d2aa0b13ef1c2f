package io.rpcxbench.server.openfeign;

import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

/** openfeign over HTTPS: Feign's default client (HttpsURLConnection) against Tomcat's TLS. */
class OpenFeignTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new OpenFeignProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) {
    return OpenFeignBenchServer.start("127.0.0.1", port, tls);
  }
}
