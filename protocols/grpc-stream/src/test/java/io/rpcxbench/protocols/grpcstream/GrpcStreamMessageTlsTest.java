package io.rpcxbench.protocols.grpcstream;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.testsupport.MessageCarrierTlsContract;

/** GrpcStreamMessageTest's contract over the kit's TLS (MessageCarrierTlsContract). */
class GrpcStreamMessageTlsTest extends MessageCarrierTlsContract {
  @Override
  protected MessageCarrier provider() {
    return new GrpcStreamProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls) {
    return GrpcStreamServer.start("127.0.0.1", 0, false, limits, service, tls);
  }

  /** grpc-java's status for a stream message over maxInboundMessageSize: the stream ends. */
  @Override
  protected String tooLargeError() {
    return "RESOURCE_EXHAUSTED";
  }
}
