package io.rpcxbench.protocols.resp;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.testsupport.MessageCarrierTlsContract;

/** RespJedisMessageTest's contract over the kit's TLS (MessageCarrierTlsContract). */
class RespJedisMessageTlsTest extends MessageCarrierTlsContract {
  @Override
  protected MessageCarrier provider() {
    return new RespProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls)
      throws Exception {
    return RespServer.start("127.0.0.1", 0, limits, service, tls);
  }

  /** CommandLimits past --max-frame: -ERR Protocol error, then the connection closes. */
  @Override
  protected String tooLargeError() {
    return "Protocol error: command longer than";
  }
}
