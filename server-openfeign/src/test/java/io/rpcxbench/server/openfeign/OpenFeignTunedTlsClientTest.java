package io.rpcxbench.server.openfeign;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;
import java.util.List;

/** openfeign-tuned over HTTPS: HttpClient 5's TLS strategy against Tomcat's TLS. */
class OpenFeignTunedTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new OpenFeignTunedProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) {
    return OpenFeignServerMain.start(
        "127.0.0.1",
        port,
        List.of(OpenFeignTunedProtocol.KEEP_ALIVE_UNLIMITED),
        ServerLimits.defaults(),
        new BenchLogic(),
        tls);
  }
}
