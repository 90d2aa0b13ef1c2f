package io.rpcxbench.protocols.httpjson;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.server.openfeign.OpenFeignServerMain;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/** http-json's message carrier (protobuf's JSON mapping) against the real Spring MVC server. */
class HttpJsonMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new HttpJsonProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) {
    return OpenFeignServerMain.start("127.0.0.1", 0, limits, service);
  }

  /** The body filter's refusal past --max-frame: a 400 (RequestBodyLimit, BenchProblems). */
  @Override
  protected String tooLargeError() {
    return "HTTP 400";
  }
}
