package io.rpcxbench.protocols.bert;

import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageCarrier;
import io.rpcxbench.serverkit.RunningServer;
import io.rpcxbench.serverkit.ServerLimits;
import io.rpcxbench.testsupport.MessageCarrierContract;

/** BERT-RPC's message carrier (the record as Erlang terms) against its real server. */
class BertMessageTest extends MessageCarrierContract {
  @Override
  protected MessageCarrier provider() {
    return new BertProtocol();
  }

  @Override
  protected RunningServer startServer(ServerLimits limits, BenchService service) {
    return BertServer.start("127.0.0.1", 0, limits, service);
  }

  /** The framing past --max-frame: protocol error 1, then the server closes the connection. */
  @Override
  protected String tooLargeError() {
    return "exceeds";
  }
}
