package io.rpcxbench.protocols.httpjson;

import io.rpcxbench.server.openfeign.OpenFeignBenchServer;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

/** The http-json client contract over HTTPS: the JDK HttpClient against Tomcat's TLS. */
class HttpJsonTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new HttpJsonProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) {
    return OpenFeignBenchServer.start("127.0.0.1", port, tls);
  }
}
