package io.rpcxbench.protocols.grpcstream;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/** grpc-stream's message carrier (a MessageCall on the shared bidi stream) against its server. */
class GrpcStreamMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new GrpcStreamProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) {
    return GrpcStreamServer.start("127.0.0.1", 0, false, limits, service);
  }

  /** grpc-java's status for a stream message over maxInboundMessageSize: the stream ends. */
  @Override
  protected String tooLargeError() {
    return "RESOURCE_EXHAUSTED";
  }
}
