package io.rpcxbench.protocols.typedjson;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.testsupport.MessageCarrierTlsContract;

/** TypedJsonMessageTest's contract over the kit's TLS (MessageCarrierTlsContract). */
class TypedJsonMessageTlsTest extends MessageCarrierTlsContract {
  @Override
  protected MessageCarrier provider() {
    return new TypedJsonProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls)
      throws Exception {
    return TypedJsonServer.start("127.0.0.1", 0, limits, service, tls);
  }

  /** A frame over the server's limit closes the connection: the call in flight fails with it. */
  @Override
  protected String tooLargeError() {
    return "UNAVAILABLE|closed|lost|reset";
  }
}
