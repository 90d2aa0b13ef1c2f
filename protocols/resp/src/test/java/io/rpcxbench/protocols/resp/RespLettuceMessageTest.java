package io.rpcxbench.protocols.resp;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/**
 * Lettuce's BENCH.MESSAGE (the record's protobuf bytes in a bulk string) against our RESP server.
 */
class RespLettuceMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new RespLettuceProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) throws Exception {
    return RespServer.start("127.0.0.1", 0, limits, service);
  }

  /** CommandLimits past --max-frame: -ERR Protocol error, then the connection closes. */
  @Override
  protected String tooLargeError() {
    return "Protocol error: command longer than";
  }
}
