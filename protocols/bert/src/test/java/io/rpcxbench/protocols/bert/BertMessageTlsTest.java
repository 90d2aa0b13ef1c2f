package io.rpcxbench.protocols.bert;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.serverkit.ServerTls;
import io.rpcxbench.testsupport.MessageCarrierTlsContract;

/** BertMessageTest's contract over the kit's TLS (MessageCarrierTlsContract). */
class BertMessageTlsTest extends MessageCarrierTlsContract {
  @Override
  protected MessageCarrier provider() {
    return new BertProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service, ServerTls tls) {
    return BertServer.start("127.0.0.1", 0, limits, service, tls);
  }

  /**
   * The framing past --max-frame: protocol error 1, or over TLS the closed connection the client's
   * write meets first (the server closes after its error, while the client is still writing the
   * large frame).
   */
  @Override
  protected String tooLargeError() {
    return "exceeds|the server closed the TLS connection|Connection reset";
  }
}
