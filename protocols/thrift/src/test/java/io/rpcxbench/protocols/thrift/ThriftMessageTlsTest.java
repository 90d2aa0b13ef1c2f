package io.rpcxbench.protocols.thrift;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.testsupport.MessageCarrierTlsContract;

/** ThriftMessageTest's contract over the kit's TLS (MessageCarrierTlsContract). */
class ThriftMessageTlsTest extends MessageCarrierTlsContract {
  @Override
  protected MessageCarrier provider() {
    return new ThriftProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls)
      throws Exception {
    return ThriftServer.start("127.0.0.1", 0, limits, service, tls);
  }

  /** The framed transport refuses a frame over the limit and closes the connection. */
  @Override
  protected String tooLargeError() {
    return "UNAVAILABLE|INTERNAL|closed|reset|Broken pipe|end of file";
  }
}
