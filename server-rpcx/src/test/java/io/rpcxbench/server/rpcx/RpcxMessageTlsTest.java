package io.rpcxbench.server.rpcx;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.rpcx.Transport;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.testsupport.MessageCarrierTlsContract;

/** RpcxMessageTest's contract over the kit's TLS (MessageCarrierTlsContract). */
class RpcxMessageTlsTest extends MessageCarrierTlsContract {
  @Override
  protected MessageCarrier provider() {
    return new RpcxProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls) {
    return RpcxBenchServer.start("127.0.0.1", 0, Transport.NIO, limits, service, tls);
  }

  /** RPCX's server closes a connection whose frame is over its maxFrameLength. */
  @Override
  protected String tooLargeError() {
    return "UNAVAILABLE|closed";
  }
}
