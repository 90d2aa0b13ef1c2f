package io.rpcxbench.server.openfeign;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/**
 * openfeign-tuned's message carrier (protobuf's JSON mapping through Feign) against the real
 * server.
 */
class OpenFeignTunedMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new OpenFeignTunedProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) {
    return OpenFeignServerMain.start("127.0.0.1", 0, limits, service);
  }

  /** The body filter's 400 past --max-frame (FeignException$BadRequest carries its detail). */
  @Override
  protected String tooLargeError() {
    return "BadRequest.*request body is larger than";
  }
}
