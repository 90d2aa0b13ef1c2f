package io.rpcxbench.server.rpcx;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.rpcx.Transport;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/**
 * RpcxLeanProtocol's message carrier (MessageService, the message's bytes) against the real RPCX
 * server.
 */
class RpcxLeanMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new RpcxLeanProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) {
    return RpcxBenchServer.start("127.0.0.1", 0, Transport.NIO, limits, service, null);
  }

  /** RPCX's server closes a connection whose frame is over its maxFrameLength. */
  @Override
  protected String tooLargeError() {
    return "UNAVAILABLE|closed";
  }
}
