package io.rpcxbench.server.grpc;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/**
 * GrpcTunedProtocol's message carrier (DynamicMessage marshallers) against the real gRPC server.
 */
class GrpcTunedMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new GrpcTunedProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) {
    return GrpcBenchServer.start("127.0.0.1", 0, true, limits, service);
  }

  /** grpc-java's status for a message over maxInboundMessageSize. */
  @Override
  protected String tooLargeError() {
    return "RESOURCE_EXHAUSTED";
  }
}
