package io.rpcxbench.server.grpc;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.testsupport.MessageCarrierTlsContract;

/** GrpcTunedMessageTest's contract over the kit's TLS (MessageCarrierTlsContract). */
class GrpcTunedMessageTlsTest extends MessageCarrierTlsContract {
  @Override
  protected MessageCarrier provider() {
    return new GrpcTunedProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls) {
    return GrpcBenchServer.start("127.0.0.1", 0, true, limits, service, tls);
  }

  /** grpc-java's status for a message over maxInboundMessageSize. */
  @Override
  protected String tooLargeError() {
    return "RESOURCE_EXHAUSTED";
  }
}
