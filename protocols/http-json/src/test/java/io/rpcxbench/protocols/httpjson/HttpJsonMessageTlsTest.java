package io.rpcxbench.protocols.httpjson;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.server.openfeign.OpenFeignServerMain;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.testsupport.MessageCarrierTlsContract;

/** HttpJsonMessageTest's contract over the kit's TLS (MessageCarrierTlsContract). */
class HttpJsonMessageTlsTest extends MessageCarrierTlsContract {
  @Override
  protected MessageCarrier provider() {
    return new HttpJsonProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls) {
    return OpenFeignServerMain.start("127.0.0.1", 0, limits, service, tls);
  }

  /** The body filter's refusal past --max-frame: a 400 (RequestBodyLimit, BenchProblems). */
  @Override
  protected String tooLargeError() {
    return "HTTP 400";
  }
}
