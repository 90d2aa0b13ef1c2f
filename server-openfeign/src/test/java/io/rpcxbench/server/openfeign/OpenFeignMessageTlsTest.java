package io.rpcxbench.server.openfeign;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.testsupport.MessageCarrierTlsContract;

/** OpenFeignMessageTest's contract over the kit's TLS (MessageCarrierTlsContract). */
class OpenFeignMessageTlsTest extends MessageCarrierTlsContract {
  @Override
  protected MessageCarrier provider() {
    return new OpenFeignProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls) {
    return OpenFeignServerMain.start("127.0.0.1", 0, limits, service, tls);
  }

  /** The body filter's 400 past --max-frame (FeignException$BadRequest carries its detail). */
  @Override
  protected String tooLargeError() {
    return "BadRequest.*request body is larger than";
  }
}
