package io.rpcxbench.protocols.httpjson;

import io.rpcxbench.server.openfeign.OpenFeignBenchServer;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

/** The lean generator over Netty's TLS against Tomcat's HTTPS. */
class HttpJsonLeanTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new HttpJsonLeanProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) {
    return OpenFeignBenchServer.start("127.0.0.1", port, tls);
  }
}
