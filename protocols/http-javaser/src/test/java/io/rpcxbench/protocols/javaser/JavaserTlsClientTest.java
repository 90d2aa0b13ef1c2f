package io.rpcxbench.protocols.javaser;

import io.rpcxbench.api.BenchLogic;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.BenchClientTlsContract;

/** http-javaser's client contract over HTTPS: the JDK HttpClient against Netty's SslHandler. */
class JavaserTlsClientTest extends BenchClientTlsContract {
  @Override
  protected ProtocolProvider provider() {
    return new JavaserProtocol();
  }

  @Override
  protected RunningServer startServer(int port, ServerTls tls) throws Exception {
    return JavaserServer.start("127.0.0.1", port, ServerLimits.defaults(), new BenchLogic(), tls);
  }
}
